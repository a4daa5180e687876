package catalogue

// entries is the catalogue. Keep one entry per code the compiler, its
// analysis passes or the plan declare; the package tests fail otherwise.
var entries = []Entry{
	{
		Code: "RUL001", Severity: "error", Title: "a rule file cannot be read",
		Meaning: "The file named on the command line (or in a job's plugins/rules list) does not exist or cannot be opened.",
		Fix:     "Check the path and its permissions; paths are relative to the working directory.",
	},
	{
		Code: "RUL002", Severity: "error", Title: "a rule line is not valid JSON",
		Meaning: "A line that starts with '{' is read as one JSON rule and must be a complete JSON object on that line.",
		Example: `{"selector": "a:1" "source": "b", "target": "c"}`,
		Fix:     "Fix the JSON at the caret (a missing comma or quote is the usual cause); a rule never spans lines.",
	},
	{
		Code: "RUL003", Severity: "error", Title: "no selector configurations were found",
		Meaning: "After loading, the rule files hold no rule with a selector, so no record could ever be selected.",
		Example: "# only a comment\n",
		Fix:     "Add at least one rule with a \"selector\" (or a bare selector line); rules without selector and follow default to \"*\".",
	},
	{
		Code: "RUL004", Severity: "error", Title: "selector is not a string",
		Meaning: "The \"selector\" key must hold an xLucene query as a JSON string; a selector post_process step needs one too.",
		Example: `{"selector": 5, "source": "a", "target": "b"}`,
		Fix:     "Quote the selector: {\"selector\": \"a:5\", ...}.",
	},
	{
		Code: "RUL005", Severity: "error", Title: "post_process/validation on a rule without follow",
		Meaning: "A post_process or validation applies to the output of other rules, which it names with \"follow\"; the compact form that puts it on the extraction rule is rejected (as by the reference).",
		Example: `{"selector": "a:1", "source": "b", "target": "c", "post_process": "trim"}`,
		Fix:     "Give the extraction a \"tag\" and move the operation to its own line: {\"follow\": \"TAG\", \"post_process\": \"trim\"}.",
	},
	{
		Code: "RUL006", Severity: "error", Title: "follow names a tag no rule has",
		Meaning: "\"follow\" must name a tag carried by some rule (\"tag\" or \"tags\"); a near miss is suggested.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\", \"tag\": \"ctag\"}\n{\"follow\": \"ctg\", \"post_process\": \"trim\"}",
		Fix:     "Correct the spelling of the tag or add it to the rule whose output should be processed.",
	},
	{
		Code: "RUL007", Severity: "error", Title: "tag/follow cycle",
		Meaning: "Rules follow each other's tags in a loop, so no order can run them; the related lines show the cycle.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\", \"tag\": \"x\"}\n{\"follow\": \"y\", \"post_process\": \"trim\", \"tag\": \"x\"}\n{\"follow\": \"x\", \"post_process\": \"trim\", \"tag\": \"y\"}",
		Fix:     "Break the loop: give the last step of the chain a new tag that nothing upstream follows.",
	},
	{
		Code: "RUL008", Severity: "error", Title: "unknown post_process/validation name",
		Meaning: "The operation is not registered; `rulec docs` lists every operation a rule can name, and a near miss is suggested.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\", \"tag\": \"t\"}\n{\"follow\": \"t\", \"post_process\": \"lowercse\"}",
		Fix:     "Use a listed name (here \"toLowerCase\"), or register a Go operation with postprocess.Register.",
	},
	{
		Code: "RUL009", Severity: "error", Title: "a one-to-one op has no source field",
		Meaning: "A one-to-one operation reads the target of the rule it follows; when that rule has no target and the step names no \"source\", there is nothing to read.",
		Example: "{\"selector\": \"a:1\", \"tag\": \"t\"}\n{\"follow\": \"t\", \"post_process\": \"trim\"}",
		Fix:     "Name the field with \"source\" on the post_process rule, or follow an extraction that has a \"target\".",
	},
	{
		Code: "RUL010", Severity: "error", Title: "an op has no target field",
		Meaning: "The operation writes a new field and needs to know which: many-to-one operations (join, array) always need \"target\".",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\", \"tag\": \"t\"}\n{\"follow\": \"t\", \"post_process\": \"join\"}",
		Fix:     "Add \"target\": \"FIELD\" to the post_process rule.",
	},
	{
		Code: "RUL011", Severity: "error", Title: "bad or missing operation parameter",
		Meaning: "An operation parameter has the wrong type or value, or a required one is missing; `rulec docs` lists each operation's parameters.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\", \"tag\": \"t\"}\n{\"follow\": \"t\", \"validation\": \"alpha\"}",
		Fix:     "Give the parameter the documented type and value (here alpha needs \"value\": a locale such as \"en-US\").",
	},
	{
		Code: "RUL012", Severity: "error", Title: "a followed tag sits on a rule that does nothing",
		Meaning: "The rule carrying the followed tag neither selects, extracts nor post-processes, so the follower would never receive a record.",
		Example: "{\"follow\": \"nothing\", \"tag\": \"t\"}\n{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\"}\n{\"follow\": \"t\", \"post_process\": \"trim\"}",
		Fix:     "Follow the tag of a rule that produces output, or give the tagged rule a selector or operation.",
	},
	{
		Code: "RUL013", Severity: "error", Title: "source/target/start/end/... of the wrong type",
		Meaning: "Field names and extraction markers (source, target, start, end, regex, exp) must be strings; source may also be an array of strings where the operation allows it.",
		Example: `{"selector": "a:1", "source": "b", "target": 5}`,
		Fix:     "Quote the value: \"target\": \"five\".",
	},
	{
		Code: "RUL014", Severity: "error", Title: "invalid extraction regex",
		Meaning: "The \"regex\" of an extraction does not compile as a JavaScript regular expression.",
		Example: `{"selector": "a:1", "source": "b", "target": "c", "regex": "(unclosed"}`,
		Fix:     "Fix the expression at the caret; remember JSON needs backslashes doubled (\"\\\\d+\").",
	},
	{
		Code: "RUL015", Severity: "error", Title: "invalid exp expression",
		Meaning: "The \"exp\" expression of an extraction does not parse.",
		Example: `{"selector": "a:1", "target": "c", "exp": "a +"}`,
		Fix:     "Complete the expression; exp uses the reference's expression syntax (field names, literals, + - * / and functions).",
	},
	{
		Code: "RUL016", Severity: "error", Title: "a rule line is JSON but not an object",
		Meaning: "Reserved: a rule line holds JSON that is not an object. Lines that do not start with '{' are read as bare selectors today, so the compiler does not report it.",
		Fix:     "Write each rule as a JSON object on its own line.",
	},
	{
		Code: "SEL001", Severity: "error", Title: "selector syntax error",
		Meaning: "The xLucene selector does not parse; the caret points inside the selector string, escapes accounted for.",
		Example: `{"selector": "a:1 AND (b:2", "source": "b", "target": "c"}`,
		Fix:     "Close groups and quotes; quote values with spaces or reserved characters (a:\"x y\").",
	},
	{
		Code: "SEL002", Severity: "error", Title: "selector cannot be built",
		Meaning: "The selector parses but cannot be turned into a matcher: an unknown function, a bad date or geo value, or a value that does not fit the field's type (-t / --types-file).",
		Example: `{"selector": "a:foo(x)", "source": "b", "target": "c"}`,
		Fix:     "Use a known function (geoDistance, geoBox, geoPolygon, geoContainsPoint) and values of the field's type.",
	},
	{
		Code: "RUL101", Severity: "warning", Title: "other_match_required on a lone extraction",
		Meaning: "other_match_required keeps a field only when some other field is also extracted; on the only extraction of its selector it only ever produces output when another selector also matches.",
		Example: `{"selector": "a:1", "source": "b", "target": "c", "other_match_required": true}`,
		Fix:     "Remove other_match_required, or add the extraction it should accompany.",
	},
	{
		Code: "RUL102", Severity: "warning", Title: "rule does nothing",
		Meaning: "The rule has a follow but no selector, operation or extraction, so it contributes nothing to the output.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\"}\n{\"follow\": \"nothing\"}",
		Fix:     "Add the operation the rule was meant to run, or delete it.",
	},
	{
		Code: "RUL103", Severity: "warning", Title: "selector can never match",
		Meaning: "The selector is a contradiction: the same field must equal two different values, lie in ranges that do not overlap, or both exist and not exist. Its extractions and pipeline never run.",
		Example: `{"selector": "a:1 AND a:2", "source": "b", "target": "c"}`,
		Fix:     "Use OR if either value should match, or correct the range bounds.",
	},
	{
		Code: "RUL104", Severity: "info", Title: "a deprecated operation name",
		Meaning: "The operation still works but has a newer name; the message names it.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\", \"tag\": \"t\"}\n{\"follow\": \"t\", \"validation\": \"email\"}",
		Fix:     "Rename the operation as the message says.",
	},
	{
		Code: "RUL105", Severity: "warning", Title: "a rule is identical to an earlier one",
		Meaning: "The rule repeats an earlier rule key for key (in any key order); it only does the same work twice, and the related line shows the first copy.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\"}\n{\"target\": \"c\", \"source\": \"b\", \"selector\": \"a:1\"}",
		Fix:     "Delete the copy, or change what was meant to differ (usually the source or target).",
	},
	{
		Code: "RUL106", Severity: "warning", Title: "a tag nobody follows",
		Meaning: "Tags exist only to be named by follow; a tag no rule follows is a leftover or a typo on one side.",
		Example: `{"selector": "a:1", "source": "b", "target": "c", "tag": "lonely"}`,
		Fix:     "Remove the tag, or add the rule that should follow it: {\"follow\": \"lonely\", ...}.",
	},
	{
		Code: "RUL107", Severity: "warning", Title: "a result removed by output:false that nothing follows",
		Meaning: "output:false removes the rule's field from every output record; it is meant for intermediate fields that a following rule reads. With no follower the field is computed and thrown away.",
		Example: `{"selector": "a:1", "source": "b", "target": "c", "output": false}`,
		Fix:     "Tag the rule and follow it with the rule that uses the field, or delete the rule.",
	},
	{
		Code: "RUL108", Severity: "warning", Title: "a validation a preceding transform makes constant",
		Meaning: "The validation follows only transforms whose results it always accepts (isString after toString, isNumber after toNumber, ...), so it keeps every value and checks nothing.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\", \"tag\": \"raw\"}\n{\"follow\": \"raw\", \"post_process\": \"toString\", \"tag\": \"str\"}\n{\"follow\": \"str\", \"validation\": \"isString\"}",
		Fix:     "Validate before the transform (follow the extraction's tag), or remove the validation.",
	},
	{
		Code: "RUL109", Severity: "warning", Title: "other_match_required that can never be met",
		Meaning: "other_match_required drops a record whose only fields are required ones. When every field the rules can write is itself required, every record is dropped and the rules never produce output.",
		Example: "{\"selector\": \"a:1\", \"source\": \"b\", \"target\": \"c\", \"other_match_required\": true}\n{\"selector\": \"a:2\", \"source\": \"b\", \"target\": \"d\", \"other_match_required\": true}",
		Fix:     "Add an extraction without other_match_required for the required fields to accompany, or remove the flag.",
	},
	{
		Code: "RUN001", Severity: "error", Title: "an extraction failed at run time",
		Meaning: "An exp expression raised an error or a regex ran out of time on this record; the record goes to the dead-letter output with this code, the rule's file:line and the message, and the run continues.",
		Example: `{"selector": "*", "target": "c", "exp": "a[0].x"}`,
		Data:    `{"a": null}`,
		Fix:     "Guard the expression against missing or mistyped fields (a selector such as _exists_:a.b), or accept the dead letters.",
	},
	{
		Code: "RUN002", Severity: "error", Title: "a post-process operation failed at run time",
		Meaning: "An operation raised an error on this record (for example a value it cannot convert); the record goes to the dead-letter output with this code, the rule's file:line and the message, and the run continues.",
		Fix:     "Validate the field before the operation, or accept the dead letters.",
	},
}
