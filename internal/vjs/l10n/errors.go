package l10n

// Error is a JavaScript exception thrown by the validator.js (or data-mate)
// function; Error() is its message, verbatim.
type Error struct {
	Name    string // "Error", "TypeError" or "SyntaxError"
	Message string
}

func (e *Error) Error() string { return e.Message }

func jsError(msg string) error { return &Error{Name: "Error", Message: msg} }

func typeError(msg string) error { return &Error{Name: "TypeError", Message: msg} }

// invalidLocale is validator.js's `Invalid locale '${locale}'`.
func invalidLocale(locale string) error {
	return jsError("Invalid locale '" + locale + "'")
}

// objectProtoKeys are the properties every plain object inherits from
// Object.prototype; the `in` operator finds them in every locale table.
var objectProtoKeys = map[string]bool{
	"constructor": true, "__defineGetter__": true, "__defineSetter__": true,
	"hasOwnProperty": true, "__lookupGetter__": true, "__lookupSetter__": true,
	"isPrototypeOf": true, "propertyIsEnumerable": true, "toString": true,
	"valueOf": true, "__proto__": true, "toLocaleString": true,
}

// Checker is a bound check: it reports whether s passes, or the exception
// the JS function throws for it.
type Checker = func(s string) (bool, error)

// constChecker returns a Checker with a fixed answer.
func constChecker(ok bool, err error) Checker {
	return func(string) (bool, error) { return ok, err }
}
