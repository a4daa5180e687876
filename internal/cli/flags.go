package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

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

	maxRecord     int           // --max-record-size
	recordTimeout time.Duration // --record-timeout
}

// DefaultRecordTimeout is the default --record-timeout: the time one record
// may spend in regular expressions.
const DefaultRecordTimeout = time.Second

var xluceneTypes = map[string]bool{"geo": true, "geo-point": true, "geo-json": true, "date": true, "ip": true, "ip_range": true,
	"string": true, "~string": true, "integer": true, "float": true, "number": true, "boolean": true, "object": true}

// parseFlags reads flags and positional arguments in any order.
func parseFlags(args []string, positional *[]string) (*ruleFlags, error) {
	f := &ruleFlags{types: map[string]string{}, maxRecord: DefaultMaxRecord, recordTimeout: DefaultRecordTimeout}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(a, "=")
		next := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", UsageErr("%s needs a value", name)
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
				err = f.readTypesFile(v)
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
		case "--max-record-size":
			var v string
			if v, err = next(); err == nil {
				f.maxRecord, err = parseSize(v)
			}
		case "--record-timeout":
			var v string
			if v, err = next(); err == nil {
				f.recordTimeout, err = time.ParseDuration(v)
				if err != nil || f.recordTimeout < 0 {
					err = UsageErr("--record-timeout %q is not a duration such as 500ms or 2s (0: no limit)", v)
				}
			}
		case "-m", "--match":
			f.match = true
		case "-i", "--ignore":
			// accepted for compatibility: bad lines never stop a run, they
			// always go to the dead-letter output
		case "-p", "--plugins":
			return nil, UsageErr("%s: JavaScript plugins cannot be loaded; register Go operations with postprocess.Register", name)
		case "-":
			*positional = append(*positional, a)
		default:
			if strings.HasPrefix(a, "-") {
				return nil, UsageErr("unknown flag %s", a)
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
			return UsageErr("-t item %d must be field:type, got %q", i+1, item)
		}
		if err := checkType(parts[0], parts[1], fmt.Sprintf("-t item %d", i+1)); err != nil {
			return err
		}
		f.types[parts[0]] = parts[1]
	}
	return nil
}

// readTypesFile reads --types-file, checking its types like -t does.
func (f *ruleFlags) readTypesFile(path string) error {
	var m map[string]any
	if err := readJSONFile(path, &m, "types file"); err != nil {
		return err
	}
	for _, field := range slices.Sorted(maps.Keys(m)) {
		t, ok := m[field].(string)
		if !ok {
			return UsageErr("types file %s: the type of %q must be a string, got %v", path, field, m[field])
		}
		if err := checkType(field, t, "types file "+path); err != nil {
			return err
		}
		f.types[field] = t
	}
	return nil
}

func checkType(field, t, where string) error {
	if !xluceneTypes[t] {
		return UsageErr("%s: %q is not a field type for %q (one of geo, geo-point, geo-json, date, ip, ip_range, string, ~string, integer, float, number, boolean, object)", where, t, field)
	}
	return nil
}

// parseSize reads a byte count: 1048576, 512K, 16M, 1G (K = 1024).
func parseSize(v string) (int, error) {
	mult := 1
	num := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(v), "B"), "I")
	switch {
	case strings.HasSuffix(num, "K"):
		mult, num = 1<<10, num[:len(num)-1]
	case strings.HasSuffix(num, "M"):
		mult, num = 1<<20, num[:len(num)-1]
	case strings.HasSuffix(num, "G"):
		mult, num = 1<<30, num[:len(num)-1]
	}
	n, err := strconv.Atoi(num)
	if err != nil || n <= 0 || n > (1<<40)/mult {
		return 0, UsageErr("--max-record-size %q is not a size such as 65536, 512K or 16M", v)
	}
	return n * mult, nil
}

// maxJSONFile bounds --types-file and --variables (/dev/zero must not be
// read until memory runs out).
const maxJSONFile = 64 << 20

func readJSONFile(path string, into any, what string) error {
	f, err := os.Open(path)
	if err != nil {
		return UsageErr("cannot read %s: %v", what, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxJSONFile+1))
	if err == nil && len(b) > maxJSONFile {
		err = fmt.Errorf("larger than %d MiB", maxJSONFile>>20)
	}
	if err != nil {
		return UsageErr("cannot read %s %s: %v", what, path, err)
	}
	if err := json.Unmarshal(b, into); err != nil {
		return UsageErr("%s %s is not a JSON object: %v", what, path, err)
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
		return nil, UsageErr("%s needs rule files", cmd)
	}
	return f, nil
}
