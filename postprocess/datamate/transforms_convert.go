package datamate

import (
	"errors"
	"math"

	"github.com/sluice-dev/sluice/internal/geo"
	"github.com/sluice-dev/sluice/internal/phone"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// Type conversions and JSON.

func convertTransformSpecs() []*spec {
	return []*spec{
		ft(&spec{Name: "toString", Summary: "Convert to a string (numbers and booleans via String, objects as JSON); arrays element by element; \"\" removes the field.",
			Examples: []example{ex(`true`, `"true"`), ex(`{"a":1}`, `"{\"a\":1}"`), ex(`[1,2]`, `["1","2"]`)}},
			transform(toStringValue)),
		ft(&spec{Name: "toBoolean", Summary: "Convert to a boolean: boolean-like values (\"no\", \"0\", 0, \"\" ... / \"yes\", \"1\", 1 ...) by meaning, others by truthiness.",
			Examples: []example{ex(`"yes"`, `true`), ex(`"false"`, `false`), ex(`["yes","no",null]`, `[true,false]`)}},
			transform(toBooleanValue)),
		ft(&spec{Name: "toISDN", Summary: "Normalise a phone number to E.164 digits (one leading 0 dropped, + prefixed; validity not required).",
			Examples: []example{ex(`"+33-1-22-33-44-55"`, `"33122334455"`), ex(`"1(800)FloWErs"`, `"18003569377"`), ex(`"n/a"`, "removed")}},
			transform(phone.ToISDN)),
		ft(&spec{Name: "toNumber", Summary: "Convert with JavaScript Number() (\"\" is 0, hex allowed); NaN removes the field; booleanLike maps boolean-like values to 0/1.",
			Params:   []param{{Name: "booleanLike", Type: "boolean", Default: "false", Doc: "exactly true: boolean-like values (and null) become 0 or 1"}},
			Examples: []example{ex(`"12321"`, `12321`), ex(`"abc"`, "removed"), exArgs(`{"booleanLike":true}`, `"yes"`, `1`)}},
			buildToNumber),
		ftString(&spec{Name: "parseJSON", Summary: "JSON.parse a string (other values are stringified first); a parse error, {} or [] removes the field.",
			Examples: []example{ex(`"{\"a\":1}"`, `{"a":1}`), ex(`"{bad"`, "removed"), ex(`"5"`, `5`)}},
			parseJSONValue, (*postprocess.Scratch).ParseJSON),
		ft(&spec{Name: "toJSON", Summary: "JSON.stringify the value (keys in record order); arrays element by element.",
			Params:   []param{{Name: "pretty", Type: "boolean", Default: "false", Doc: "indent with two spaces"}},
			Examples: []example{ex(`{"hello":"world"}`, `"{\"hello\":\"world\"}"`), exArgs(`{"pretty":true}`, `{"a":1}`, `"{\n  \"a\": 1\n}"`)}},
			buildToJSON),
		ft(&spec{Name: "toGeoPoint", Summary: `Convert to {lat, lon}: "lat,lon", a geohash, a [lon, lat] tuple, {lat,lon}/{latitude,longitude} or a GeoJSON Point.`,
			Examples: []example{ex(`"60, 40"`, `{"lat":60,"lon":40}`), ex(`[40,60]`, `{"lat":60,"lon":40}`), ex(`"not a point"`, "removed")}},
			transform(toGeoPointValue)),
	}
}

func toStringValue(v any) (any, error) {
	if arr, ok := v.([]any); ok {
		return mapNotNil(arr, func(e any) (any, error) { return record.CoreToString(e), nil })
	}
	if v == nil {
		return nil, nil
	}
	return record.CoreToString(v), nil
}

func toBooleanValue(v any) (any, error) {
	return mapValue(v, func(e any) (any, error) { return toBoolean(e), nil })
}

func buildToNumber(a *args) (transformFn, error) {
	bl, _ := a.Get("booleanLike")
	likeBool := bl == true
	conv := func(e any) (any, error) { return convertToNumber(e, likeBool) }
	return func(v any, _ *record.Object) (any, error) {
		switch x := v.(type) {
		case nil:
			if !likeBool {
				return nil, nil
			}
		case []any:
			return mapNotNil(x, conv)
		}
		return conv(v)
	}, nil
}

var errNaN = errors.New("Could not convert input to a number")

// convertToNumber is data-mate's convertToNumber.
func convertToNumber(v any, likeBool bool) (any, error) {
	if likeBool {
		if b, ok := booleanLike(v); ok {
			v = b
		}
	}
	f := record.ToNumber(v)
	if math.IsNaN(f) {
		return nil, errNaN
	}
	return f, nil
}

func parseJSONValue(v any) (any, error) {
	return mapValue(v, func(e any) (any, error) {
		if s, ok := e.(string); ok {
			return record.ParseJSONString(s)
		}
		return record.ParseJSONString(record.ToString(e))
	})
}

func buildToJSON(a *args) (transformFn, error) {
	pretty := truthyKey(a, "pretty")
	stringify := func(e any) (any, error) { return bounded(record.AppendJSONMax(nil, e, record.MaxText)) }
	if pretty {
		stringify = func(e any) (any, error) { return bounded(record.AppendIndentJSONMax(nil, e, "  ", record.MaxText)) }
	}
	return func(v any, _ *record.Object) (any, error) { return mapValue(v, stringify) }, nil
}

// bounded is the text of a value, or ErrTooLarge when it outgrew the limit.
func bounded(b []byte, ok bool) (any, error) {
	if !ok {
		return nil, record.ErrTooLarge
	}
	return string(b), nil
}

// toGeoPointValue converts geo's Point results into record objects.
func toGeoPointValue(v any) (any, error) {
	out, err := geo.ToGeoPoint(v)
	if err != nil {
		return nil, err
	}
	if arr, ok := out.([]any); ok {
		for i, e := range arr {
			arr[i] = pointObject(e)
		}
		return arr, nil
	}
	return pointObject(out), nil
}

func pointObject(v any) any {
	p, ok := v.(geo.Point)
	if !ok {
		return v
	}
	o := record.NewObject(2)
	o.Append("lat", p.Lat)
	o.Append("lon", p.Lon)
	return o
}
