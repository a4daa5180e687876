// Package postprocess is the registry of every operation a rule can name in
// `post_process` or `validation` (validations, transforms, record
// operations and the structural operations), and the rule-level wrappers
// that give each kind of operation its reference semantics: how arguments
// come from the rule object, how array values are filtered element by
// element, null handling, `output:false` inversion, and which path is
// removed on failure.
//
// Each registry entry carries its parameter schema, a one-line summary and
// runnable examples; one test runs every example and `rulec docs` prints
// the reference from the same entries.
//
// A plan runs a pipeline's operations that read one key and write one key
// with RunSlot, which passes the value from one to the next in a Slot
// instead of each looking it up again; RunSlot answers as RunIn does. The
// slot also carries Facts about its string that the operations before
// proved (an address, ASCII), so that a validation they settle is not run
// again.
//
// An operation keeps nothing of a record beyond its call: a value it caches
// across records (a compiled pattern, a parsed format) is keyed and held by
// copies (strings.Clone), because rulec run hands out the memory of a
// batch's records again once the batch is written (record.Decoder.Recycle,
// Scratch.Recycle).
//
// Phase: operation library, below plan/. It imports record, lang/selector and
// the internal value packages; it must not import compiler or plan.
package postprocess
