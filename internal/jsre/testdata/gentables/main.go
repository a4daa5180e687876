// Command gentables lists Go's unicode tables (kind and name a line) for
// gen-properties.sh.
package main

import (
	"fmt"
	"sort"
	"unicode"
)

func main() {
	for _, t := range []struct {
		kind   string
		tables map[string]*unicode.RangeTable
	}{{"gc", unicode.Categories}, {"sc", unicode.Scripts}, {"bin", unicode.Properties}} {
		var names []string
		for n := range t.tables {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Println(t.kind, n)
		}
	}
}
