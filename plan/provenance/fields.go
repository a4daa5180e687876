package provenance

import (
	"github.com/sluice-dev/sluice/record"
)

// fields is a record flattened to its leaf paths ("a.b") and their values
// as JSON; arrays and empty objects are leaves.
type fields struct {
	paths []string
	vals  map[string]string
}

func flatten(o *record.Object) fields {
	f := fields{vals: map[string]string{}}
	f.add("", o)
	return f
}

func (f *fields) add(prefix string, o *record.Object) {
	for i := 0; i < o.Len(); i++ {
		k, v := o.At(i)
		if v == record.Undefined {
			continue
		}
		p := k
		if prefix != "" {
			p = prefix + "." + k
		}
		if child, ok := v.(*record.Object); ok && child.Len() > 0 {
			f.add(p, child)
			continue
		}
		f.paths = append(f.paths, p)
		f.vals[p] = record.JSON(v)
	}
}

// diff lists the paths now has and before lacks (set), the paths whose
// value differs (changed) and the paths before had and now lacks (removed).
func diff(before, now fields) (set, changed, removed []string) {
	for _, p := range now.paths {
		old, ok := before.vals[p]
		switch {
		case !ok:
			set = append(set, p)
		case old != now.vals[p]:
			changed = append(changed, p)
		}
	}
	for _, p := range before.paths {
		if _, ok := now.vals[p]; !ok {
			removed = append(removed, p)
		}
	}
	return set, changed, removed
}
