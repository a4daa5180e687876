package cli

import (
	"encoding/json"
	"os"
	"strings"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/plan"
)

// ruleFlags are the options shared by run, check and explain.
type ruleFlags struct {
	rules     []string
	types     map[string]string
	variables map[string]any
	match     bool
	data      []string
	format    string
	deadFile  string
	cpuProf   string
}

var xluceneTypes = map[string]bool{"geo": true, "geo-point": true, "geo-json": true, "date": true, "ip": true, "ip_range": true,
	"string": true, "~string": true, "integer": true, "float": true, "number": true, "boolean": true, "object": true}

// parseFlags reads flags and positional arguments in any order.
func parseFlags(args []string, positional *[]string) (*ruleFlags, error) {
	f := &ruleFlags{types: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(a, "=")
		next := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", usageErr("%s needs a value", name)
			}
			i++
			return args[i], nil
		}
		var err error
		switch name {
		case "-r", "--rules":
			var v string
			if v, err = next(); err == nil {
				f.rules = append(f.rules, splitList(v)...)
			}
		case "-t", "--types-fields", "--types":
			var v string
			if v, err = next(); err == nil {
				err = f.addTypes(v)
			}
		case "-T", "--types-file":
			var v string
			if v, err = next(); err == nil {
				err = readJSONFile(v, &f.types, "types file")
			}
		case "--variables":
			var v string
			if v, err = next(); err == nil {
				err = readJSONFile(v, &f.variables, "variables file")
			}
		case "-d", "--data":
			var v string
			if v, err = next(); err == nil {
				f.data = append(f.data, v)
			}
		case "--format", "-f":
			f.format, err = next()
		case "--dead-letter":
			f.deadFile, err = next()
		case "--cpuprofile":
			f.cpuProf, err = next()
		case "-m", "--match":
			f.match = true
		case "-i", "--ignore":
			// accepted for compatibility: bad lines never stop a run, they
			// always go to the dead-letter output
		case "-p", "--plugins":
			return nil, usageErr("%s: JavaScript plugins cannot be loaded; register Go operations with postprocess.Register", name)
		case "-":
			*positional = append(*positional, a)
		default:
			if strings.HasPrefix(a, "-") {
				return nil, usageErr("unknown flag %s", a)
			}
			*positional = append(*positional, a)
		}
		if err != nil {
			return nil, err
		}
	}
	return f, nil
}

func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// addTypes parses -t field:type[,field:type].
func (f *ruleFlags) addTypes(v string) error {
	for i, item := range strings.Split(v, ",") {
		parts := strings.Split(strings.TrimSpace(item), ":")
		if len(parts) != 2 {
			return usageErr("-t item %d must be field:type, got %q", i+1, item)
		}
		if !xluceneTypes[parts[1]] {
			return usageErr("-t item %d: %q is not a field type (one of geo, geo-point, geo-json, date, ip, ip_range, string, ~string, integer, float, number, boolean, object)", i+1, parts[1])
		}
		f.types[parts[0]] = parts[1]
	}
	return nil
}

func readJSONFile(path string, into any, what string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return usageErr("cannot read %s: %v", what, err)
	}
	if err := json.Unmarshal(b, into); err != nil {
		return usageErr("%s %s is not a JSON object: %v", what, path, err)
	}
	return nil
}

func (f *ruleFlags) config() compiler.Config {
	cfg := compiler.Config{Types: f.types, Variables: f.variables}
	if f.match {
		cfg.Mode = plan.Matcher
	}
	return cfg
}

// ruleFileFlags parses the flags of commands whose positional arguments are
// rule files (check, explain).
func ruleFileFlags(cmd string, args []string) (*ruleFlags, error) {
	var pos []string
	f, err := parseFlags(args, &pos)
	if err != nil {
		return nil, err
	}
	f.rules = append(f.rules, pos...)
	if len(f.rules) == 0 {
		return nil, usageErr("%s needs rule files", cmd)
	}
	return f, nil
}
