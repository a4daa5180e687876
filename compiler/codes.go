package compiler

// Stable diagnostic codes. They never change meaning; new problems get new
// codes.
const (
	CodeIO            = "RUL001" // a rule file cannot be read
	CodeJSON          = "RUL002" // a rule line is not valid JSON
	CodeNoRules       = "RUL003" // no selector configurations were found
	CodeSelectorType  = "RUL004" // selector is not a string
	CodeCompact       = "RUL005" // post_process/validation on a rule without follow
	CodeUnknownTag    = "RUL006" // follow names a tag no rule has
	CodeCycle         = "RUL007" // tag/follow cycle
	CodeUnknownOp     = "RUL008" // unknown post_process/validation name
	CodeNoSource      = "RUL009" // a one-to-one op has no source field
	CodeNoTarget      = "RUL010" // an op has no target field
	CodeParam         = "RUL011" // bad or missing operation parameter
	CodeInertFollowed = "RUL012" // a followed tag sits on a rule that does nothing
	CodeFieldType     = "RUL013" // source/target/start/end/... of the wrong type
	CodeRegex         = "RUL014" // invalid extraction regex
	CodeExp           = "RUL015" // invalid exp expression
	CodeNotObject     = "RUL016" // a rule line is JSON but not an object
	CodePath          = "RUL017" // a source/target/fields path that cannot be used ([, negative or huge index)
	CodeSelector      = "SEL001" // selector syntax error
	CodeSelectorBuild = "SEL002" // selector cannot be built (unknown function, bad date, ...)

	CodeOtherMatchAlone = "RUL101" // warning: other_match_required on a lone extraction
	CodeDeprecated      = "RUL104" // info: a deprecated operation name
	// RUL102, RUL103 and RUL105-RUL109 are the static analysis' (compiler/lint).
	CodeUnknownKey = "RUL110" // warning: a rule key nothing reads, close to one that is read
)
