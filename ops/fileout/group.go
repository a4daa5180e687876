package fileout

import (
	"path"
	"sort"
	"strings"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// group is the records of one Send that go to one directory.
type group struct {
	dir  string
	recs []*record.Record
	file *appendFile // the growing file (without FilePerSlice)
}

type badRecord struct {
	r   *record.Record
	err error
}

// group splits records by directory: Path, or with dynamic routing
// <Path>/<route> for a record with a route. Groups come in first-seen order
// (Path first); records keep their order. A record whose route cannot be a
// directory is bad.
func (s *Sender) group(recs []*record.Record) ([]*group, []badRecord) {
	base := &group{dir: s.opt.Path}
	if !s.opt.DynamicRouting {
		base.recs = recs
		return []*group{base}, nil
	}
	groups := []*group{base}
	byDir := map[string]*group{base.dir: base}
	byRoute := map[any]*group{} // routes seen in this batch
	var bad []badRecord
	for _, r := range recs {
		route, _ := r.GetMeta("standard:route")
		g, seen := byRoute[route]
		if !seen {
			dir, err := s.dirOf(route)
			if err != nil {
				bad = append(bad, badRecord{r, err})
				continue
			}
			if g = byDir[dir]; g == nil {
				g = &group{dir: dir}
				byDir[dir] = g
				groups = append(groups, g)
			}
			if hashable(route) {
				byRoute[route] = g
			}
		}
		g.recs = append(g.recs, r)
	}
	return groups, bad
}

func hashable(v any) bool {
	switch v.(type) {
	case nil, string, float64, bool:
		return true
	}
	return false
}

func (s *Sender) dirOf(v any) (string, error) {
	if !record.Truthy(v) {
		return s.opt.Path, nil
	}
	route, isStr := v.(string)
	if !isStr {
		return "", job.RecordErr("ROUTE", "the standard:route metadata must be a string, got %s", record.TypeName(v))
	}
	return RouteDir(s.opt.Path, route)
}

// RouteDir is the directory of a route under base (Node's path.join(base,
// "/", route)). A route may hold "/" (nested directories, as date_router
// makes with that delimiter), but one that names base itself or leaves it
// ("..") is an error: routes come from the data.
func RouteDir(base, route string) (string, error) {
	c := path.Clean(route)
	if strings.IndexByte(route, 0) >= 0 || c == "." || c == "/" || c == ".." || strings.HasPrefix(c, "../") {
		return "", job.RecordErr("ROUTE", "the route %q does not name a directory inside %q", route, base)
	}
	return path.Join(base, c), nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
