package l10n

import (
	"sync"
	"unicode/utf8"
)

// classMatcher matches ^[head]+[tail]*$ (or ^[head]*$ when allowEmpty).
type classMatcher struct {
	head, tail *runeSet
	allowEmpty bool
}

func (m *classMatcher) match(s string) bool {
	i := m.head.prefix(s)
	if i == 0 && !m.allowEmpty {
		return false
	}
	if i == len(s) {
		return true
	}
	return m.tail != nil && m.tail.prefix(s[i:]) == len(s)-i
}

// prefix returns the byte length of the longest prefix of s whose runes are
// all in the set.
func (s *runeSet) prefix(str string) int {
	i := 0
	for i < len(str) {
		c := str[i]
		if c < utf8.RuneSelf {
			if s.ascii[c>>6]&(1<<(c&63)) == 0 {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(str[i:])
		if !s.has(r) {
			return i
		}
		i += n
	}
	return i
}

// lazyClass builds a classMatcher from its spec on first use.
type lazyClass struct {
	spec classSpec
	once sync.Once
	m    *classMatcher
}

func (l *lazyClass) get() *classMatcher {
	l.once.Do(func() {
		l.m = &classMatcher{head: classSet(l.spec.body, l.spec.fold),
			allowEmpty: l.spec.allowNil}
		if l.spec.tail != "" {
			l.m.tail = classSet(l.spec.tail, l.spec.fold)
		}
	})
	return l.m
}

func classSet(body string, fold bool) *runeSet {
	rs := parseClass(body)
	if fold {
		rs = foldRanges(rs)
	}
	return newRuneSet(rs)
}

// classTable is one alpha.js table (alpha or alphanumeric).
type classTable struct {
	name    string // JS expression named in the TypeError message
	entries map[string]*lazyClass
}

func newClassTable(name string, specs []classSpec, aliases map[string]string) *classTable {
	t := &classTable{name: name, entries: make(map[string]*lazyClass)}
	for _, s := range specs {
		t.entries[s.locale] = &lazyClass{spec: s}
	}
	for k, v := range aliases {
		t.entries[k] = t.entries[v]
	}
	return t
}

// The tables are built on first use, not at every start.
var (
	alphaTable = sync.OnceValue(func() *classTable {
		return newClassTable("_alpha.alpha", alphaSpecs, alphaSpecsAliases)
	})
	alnumTable = sync.OnceValue(func() *classTable {
		return newClassTable("_alpha.alphanumeric", alnumSpecs, alnumSpecsAliases)
	})
)

// lookup resolves `locale in table` for a property key.
func (t *classTable) lookup(key string) (*classMatcher, error) {
	if e, ok := t.entries[key]; ok {
		return e.get(), nil
	}
	if objectProtoKeys[key] {
		return nil, typeError(t.name + "[locale].test is not a function")
	}
	return nil, invalidLocale(key)
}

// bind binds the JS locale argument (any JSON value).
func (t *classTable) bind(arg any) (Checker, error) {
	m, err := t.lookup(jsToString(arg))
	if err != nil {
		return nil, err
	}
	return func(s string) (bool, error) { return m.match(s), nil }, nil
}

func (t *classTable) check(s, locale string) (bool, error) {
	if locale == "" {
		locale = "en-US"
	}
	m, err := t.lookup(locale)
	if err != nil {
		return false, err
	}
	return m.match(s), nil
}

// IsAlpha is validator.js isAlpha(s, locale); "" means the default en-US.
func IsAlpha(s, locale string) (bool, error) { return alphaTable().check(s, locale) }

// IsAlphanumeric is validator.js isAlphanumeric(s, locale); "" means en-US.
func IsAlphanumeric(s, locale string) (bool, error) { return alnumTable().check(s, locale) }

// BindAlpha binds the validator plugin's `alpha`: arg is the locale
// argument (`rule.value || rule`).
func BindAlpha(arg any) (Checker, error) { return alphaTable().bind(arg) }

// BindAlphanumeric binds the validator plugin's `alphanumeric`.
func BindAlphanumeric(arg any) (Checker, error) { return alnumTable().bind(arg) }

// BindDataMateAlpha binds data-mate isAlpha: option `locale`, en-US when
// falsy.
func BindDataMateAlpha(opts map[string]any) (Checker, error) {
	return alphaTable().bind(dataMateLocale(opts))
}

// BindDataMateAlphanumeric binds data-mate isAlphanumeric.
func BindDataMateAlphanumeric(opts map[string]any) (Checker, error) {
	return alnumTable().bind(dataMateLocale(opts))
}

func dataMateLocale(opts map[string]any) any {
	if l := opts["locale"]; jsTruthy(l) {
		return l
	}
	return "en-US"
}
