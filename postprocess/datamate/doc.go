// Package datamate registers the @terascope/data-mate functions a rule can
// name: FieldValidator, FieldTransform, RecordValidator and RecordTransform
// (validators.md §3.5–§3.8), each bound once per rule.
//
// It imports postprocess and the internal value packages; postprocess/all
// registers its specs after the built-in ones, as the reference does.
package datamate
