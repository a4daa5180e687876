package generator

import "sort"

// GeneratorNames lists the faker and chance names (with the faker aliases)
// as schema values: "faker:<name>", "chance:<name>".
func GeneratorNames() []string {
	var out []string
	for n := range fakerGens {
		out = append(out, "faker:"+n)
	}
	for n := range fakerAliases {
		out = append(out, "faker:"+n)
	}
	for n := range chanceGens {
		out = append(out, "chance:"+n)
	}
	sort.Strings(out)
	return out
}
