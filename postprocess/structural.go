package postprocess

func init() {
	Register(
		&Spec{Name: "selector", Kind: Structural, Summary: "Keep the record only if it matches the rule's selector (no type_config or variables); the query is added to the record's selectors.",
			Params: []Param{{Name: "selector", Type: "string", Required: true, Doc: "xLucene query"}}},
		&Spec{Name: "extraction", Kind: Structural, Summary: "Extract from the current record (source/target, start/end, regex, exp, multivalue); mutate:false writes into a new record.",
			Params: []Param{{Name: "source", Type: "string"}, {Name: "target", Type: "string"}, {Name: "start", Type: "string"}, {Name: "end", Type: "string", Doc: "EOP = up to the next URL parameter"},
				{Name: "regex", Type: "string"}, {Name: "exp", Type: "string"}, {Name: "multivalue", Type: "boolean"}, {Name: "mutate", Type: "boolean", Default: "true"}}},
		&Spec{Name: "join", Kind: Structural, ManyToOne: true, Summary: "Join the values of fields (or of the followed rules' targets) with a delimiter into target.",
			Params: []Param{{Name: "fields", Type: "string[]", Doc: "at least 2; default: the followed targets"}, {Name: "delimiter", Type: "string", Default: `""`}, {Name: "target", Type: "string", Required: true}}},
		&Spec{Name: "array", Kind: Structural, ManyToOne: true, Summary: "Collect the values of fields (or of the followed rules' targets) into an array, spreading arrays one level.",
			Params: []Param{{Name: "fields", Type: "string[]", Doc: "default: the followed targets"}, {Name: "target", Type: "string", Required: true}}},
	)
}
