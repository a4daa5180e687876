// Package geo is a Go port of teraslice's @terascope/geo-utils (geo-point
// parsing, GeoJSON checks, distance / box / polygon predicates) together with
// the subset of turf (7.3.x) that xLucene's geo functions rely on: circle /
// destination, boolean-point-in-polygon (point-in-polygon-hao with an exact
// orientation test), boolean-contains / within / intersects / disjoint /
// equal on Point, Polygon and MultiPolygon.
//
// Values come from JSON records: objects implement Object (map[string]any is
// accepted too), arrays are []any, numbers float64, strings string and null
// nil. Number and string conversions follow JavaScript (Number(), ToString,
// toFixed) because the original is JavaScript.
//
// geo is a leaf package: it imports only the standard library and nothing
// from sluice.
package geo
