package vjs

// Binders whose options are bounds or versions.

// intBound reads isInt's bound: set only when the key is an own property.
func intBound(arg any, key string) Bound {
	if !isObject(arg) {
		return Bound{}
	}
	v, ok := prop(arg, key)
	return Bound{Set: ok, Val: v}
}

// BindInt binds `int` (keys allow_leading_zeroes, min, max, lt, gt).
func BindInt(arg any) (StringCheck, error) {
	o := IntOptions{
		Min: intBound(arg, "min"), Max: intBound(arg, "max"),
		Lt: intBound(arg, "lt"), Gt: intBound(arg, "gt"),
	}
	if v, ok := prop(arg, "allow_leading_zeroes"); ok {
		o.DisallowLeadingZeroes = v == false
	}
	return plain(func(s string) bool { return IsInt(s, o) }), nil
}

// rangeFromJS builds isByteLength/isLength's min/max: objects give
// {min: options.min || minDefault, max: options.max}; any other value is the
// positional min.
func rangeFromJS(arg any, positionalDefault bool) LengthRange {
	if !isObject(arg) {
		if positionalDefault && !truthy(arg, true) {
			return LengthRange{Min: 0.0}
		}
		return LengthRange{Min: arg}
	}
	r := LengthRange{Min: 0.0}
	if v, ok := prop(arg, "min"); truthy(v, ok) {
		r.Min = v
	}
	v, ok := prop(arg, "max")
	r.Max = Bound{Set: ok, Val: v}
	return r
}

// BindByteLength binds `bytelength` (keys min, max, or value = min).
func BindByteLength(arg any) (StringCheck, error) {
	r := rangeFromJS(arg, false)
	return func(s string) (bool, error) { return IsByteLength(s, r) }, nil
}

// BindLength binds `length` (keys min, max, discreteLengths, or value = min).
func BindLength(arg any) (StringCheck, error) {
	r := rangeFromJS(arg, true)
	var discrete []any
	if d, ok := prop(arg, "discreteLengths"); ok {
		if arr, isArr := d.([]any); isArr {
			discrete = append([]any{}, arr...)
		}
	}
	return plain(func(s string) bool { return IsLength(s, r, discrete) }), nil
}

// BindIPRange binds `iprange`: arg is the version (4, 6, or the rule config,
// whose own `version` key then reaches isIP).
func BindIPRange(arg any) (StringCheck, error) {
	ipVer := ipVersionFromJS(arg)
	subVer := jsString(arg)
	return plain(func(s string) bool { return isIPRange(s, ipVer, subVer) }), nil
}

// ipVersionFromJS is isIP's `(typeof options === 'object' ? options.version
// : arguments[1]) || ”` followed by toString().
func ipVersionFromJS(arg any) string {
	v, ok := arg, true
	if isObject(arg) {
		v, ok = prop(arg, "version")
	}
	if !truthy(v, ok) {
		return ""
	}
	return jsString(v)
}

// BindIP binds validator.isIP(str, arg).
func BindIP(arg any) (StringCheck, error) {
	ver := ipVersionFromJS(arg)
	return plain(func(s string) bool { return IsIP(s, ver) }), nil
}

// BindUUID binds validator.isUUID(str, arg) (arg = version).
func BindUUID(arg any) (StringCheck, error) {
	key := uuidVersionKey(arg, true)
	return func(s string) (bool, error) { return isUUIDKey(s, key) }, nil
}

// BindMACAddress binds validator.isMACAddress(str, arg) (keys no_colons,
// no_separators, eui).
func BindMACAddress(arg any) (StringCheck, error) {
	v, ok := prop(arg, "eui")
	o := MACOptions{
		NoSeparators: propTruthy(arg, "no_colons") || propTruthy(arg, "no_separators"),
		EUI:          euiFromJS(v, ok),
	}
	return plain(func(s string) bool { return IsMACAddress(s, o) }), nil
}

// BindJSON binds validator.isJSON(str, arg) (keys allow_primitives,
// allow_any_value).
func BindJSON(arg any) (StringCheck, error) {
	o := JSONOptions{
		AllowPrimitives: mergedBool(arg, "allow_primitives", false),
		AllowAnyValue:   mergedBool(arg, "allow_any_value", false),
	}
	return plain(func(s string) bool { return IsJSON(s, o) }), nil
}
