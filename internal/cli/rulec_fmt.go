package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
)

// keyOrder is the canonical order of rule keys; keys it does not name
// (operation parameters) come after validation, sorted by name.
var keyOrder = []string{"selector", "follow", "source_field", "source", "start", "end", "regex", "exp",
	"target_field", "target", "post_process", "validation"}

// trailingKeys close a rule, in this order.
var trailingKeys = []string{"multivalue", "mutate", "tag", "tags", "output", "other_match_required"}

// fmtCmd: rulec fmt [-w | --check] [FILES...]; without files it formats
// stdin to stdout.
func fmtCmd(args []string, env Env) error {
	args, write := cutFlag(args, "-w")
	args, check := cutFlag(args, "--check")
	for _, a := range args {
		if strings.HasPrefix(a, "-") && a != "-" {
			return UsageErr("fmt: unknown flag %s (fmt [-w | --check] FILES...)", a)
		}
	}
	if len(args) == 0 {
		return fmtStream(env)
	}
	var changed []string
	for _, name := range args {
		differs, err := fmtFile(name, write, check, env)
		if err != nil {
			return err
		}
		if differs {
			changed = append(changed, name)
		}
	}
	if check && len(changed) > 0 {
		return &Error{Code: ExitRules, Msg: fmt.Sprintf("%d file(s) not formatted: run rulec fmt -w", len(changed))}
	}
	return nil
}

func fmtStream(env Env) error {
	text, err := io.ReadAll(env.Stdin)
	if err != nil {
		return UsageErr("fmt: %v", err)
	}
	out, err := formatRules("<stdin>", text, env)
	if err != nil {
		return err
	}
	_, err = env.Stdout.Write(out)
	return err
}

// fmtFile formats one file: to stdout, in place (-w) or only reporting
// whether it is formatted (--check lists it on stdout).
func fmtFile(name string, write, check bool, env Env) (bool, error) {
	text, err := os.ReadFile(name)
	if err != nil {
		return false, UsageErr("fmt: %v", err)
	}
	out, err := formatRules(name, text, env)
	if err != nil {
		return false, err
	}
	differs := !bytes.Equal(out, text)
	switch {
	case check:
		if differs {
			fmt.Fprintln(env.Stdout, name)
		}
	case write:
		if differs {
			return true, writeFileAtomic(name, out)
		}
	default:
		_, err = env.Stdout.Write(out)
	}
	return differs, err
}

func writeFileAtomic(name string, data []byte) error {
	info, err := os.Stat(name)
	if err != nil {
		return UsageErr("fmt: %v", err)
	}
	tmp := name + ".rulec-fmt.tmp"
	if err := os.WriteFile(tmp, data, info.Mode().Perm()); err != nil {
		return UsageErr("fmt: %v", err)
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return UsageErr("fmt: %v", err)
	}
	return nil
}

// formatRules returns the canonical form of a rule file: each JSON rule on
// one line with its keys in canonical order and ", " / ": " separators;
// comments, bare selectors and blank lines kept (trailing white space and
// CR removed). A line that is not valid JSON is an error: nothing is
// formatted.
func formatRules(name string, text []byte, env Env) ([]byte, error) {
	src := diag.NewSource(name, text)
	var out bytes.Buffer
	var diags diag.List
	lines := strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n"), "\n")
	for i, line := range lines {
		line = strings.TrimRight(line, " \t\r")
		trimmed := strings.TrimSpace(line)
		if !strings.HasPrefix(trimmed, "{") {
			out.WriteString(trimmed + "\n")
			continue
		}
		rule, err := formatRule(trimmed)
		if err != nil {
			start := src.LineStart(i + 1)
			diags.Add(diag.New(compiler.CodeJSON, diag.Span{Src: src, Start: start, End: start + len(line)}, "cannot format: %v", err))
			continue
		}
		out.WriteString(rule + "\n")
	}
	if diags.Len() > 0 {
		diag.Render(env.Stderr, &diags)
		return nil, &Error{Code: ExitRules, Msg: fmt.Sprintf("%s: %d line(s) are not valid JSON rules", name, diags.Len())}
	}
	if len(text) == 0 {
		return nil, nil
	}
	return out.Bytes(), nil
}

type member struct {
	key string
	raw json.RawMessage
}

// formatRule renders one JSON object in canonical form. Values keep their
// exact text (number digits, string escapes); only spacing changes.
func formatRule(line string) (string, error) {
	members, err := decodeMembers(line)
	if err != nil {
		return "", err
	}
	sort.SliceStable(members, func(i, j int) bool {
		return keyRank(members[i].key) < keyRank(members[j].key) ||
			keyRank(members[i].key) == keyRank(members[j].key) && isParam(members[i].key) && members[i].key < members[j].key
	})
	var b strings.Builder
	b.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteString(": ")
		b.WriteString(spaced(m.raw))
	}
	b.WriteByte('}')
	return b.String(), nil
}

// keyRank orders keys: the canonical ones first, then parameters, then the
// trailing ones.
func keyRank(k string) int {
	for i, x := range keyOrder {
		if x == k {
			return i
		}
	}
	for i, x := range trailingKeys {
		if x == k {
			return len(keyOrder) + 1 + i
		}
	}
	return len(keyOrder)
}

func isParam(k string) bool { return keyRank(k) == len(keyOrder) }

// decodeMembers reads the top-level members of one JSON object in order.
func decodeMembers(line string) ([]member, error) {
	dec := json.NewDecoder(strings.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("expected a JSON object")
	}
	var members []member
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		members = append(members, member{key: t.(string), raw: raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() || dec.InputOffset() != int64(len(line)) {
		return nil, fmt.Errorf("text after the closing brace")
	}
	return members, nil
}

// spaced compacts a JSON value and puts one space after each ',' and ':'
// outside strings.
func spaced(raw json.RawMessage) string {
	var c bytes.Buffer
	json.Compact(&c, raw)
	var b strings.Builder
	inString, escaped := false, false
	for _, ch := range c.Bytes() {
		b.WriteByte(ch)
		switch {
		case escaped:
			escaped = false
		case inString && ch == '\\':
			escaped = true
		case ch == '"':
			inString = !inString
		case !inString && (ch == ',' || ch == ':'):
			b.WriteByte(' ')
		}
	}
	return b.String()
}
