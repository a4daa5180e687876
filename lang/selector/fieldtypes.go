package selector

// FieldTypes are the type_config types a selector understands.
var FieldTypes = []string{"geo", "geo-point", "geo-json", "date", "ip", "ip_range", "string", "~string", "integer", "float", "number", "boolean", "object"}

// IsFieldType reports whether t is one of FieldTypes.
func IsFieldType(t string) bool {
	for _, f := range FieldTypes {
		if f == t {
			return true
		}
	}
	return false
}
