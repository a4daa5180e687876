package geo

// Object is a JSON object taken from a record.
type Object interface {
	Get(key string) (any, bool)
}

// mapObject adapts map[string]any to Object.
type mapObject map[string]any

func (m mapObject) Get(key string) (any, bool) {
	v, ok := m[key]
	return v, ok
}

// asObject returns v as an Object when it is a JSON object.
func asObject(v any) (Object, bool) {
	switch o := v.(type) {
	case Object:
		return o, true
	case map[string]any:
		return mapObject(o), true
	}
	return nil, false
}

// truthy is JavaScript truthiness for JSON values; absent is falsy.
func truthy(v any, present bool) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0 && x == x
	case string:
		return x != ""
	}
	return present
}
