// Package datamate registers the @terascope/data-mate functions a rule can
// name (validators.md §3.5–§3.8, transforms.md §13): 43 FieldValidators,
// 37 FieldTransforms (dedupe included), 3 RecordValidators and 5
// RecordTransforms, each bound once per rule by its Spec.Build.
//
// Every Build parses the rule's options once (locales, regexes, digests,
// CIDRs, selectors, jexl programs); arguments with which the reference
// would fail on every record are reported as *postprocess.ParamError
// (DESIGN decision 3). The bound functions have data-mate's function-level
// semantics (nil handling, `_lift` for arrays); postprocess.Op supplies the
// ts-transforms wrappers C–F. some/every/map and transformRecord's jexl
// transforms look functions up in the package's FieldValidator and
// FieldTransform repositories.
//
// It imports postprocess, record, lang/selector and the internal value
// packages (vjs, vjs/l10n, jsstr, jsbuf, jsdate, phone, ipx, geo, jexl). It
// must not import compiler, plan or postprocess/builtin; postprocess/all
// registers its specs after the built-in ones, as the reference does.
package datamate
