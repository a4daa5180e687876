package generator_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/generator"
	"github.com/sluice-dev/sluice/record"
)

// fetch builds a one-worker harness for a data_generator configuration and
// fetches one request.
func fetch(t *testing.T, params map[string]any, dir string, req any) []*record.Record {
	t.Helper()
	h := harness(t, params, dir)
	out, err := h.RunRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func harness(t *testing.T, params map[string]any, dir string) *job.Harness {
	t.Helper()
	text, _ := json.Marshal(genJob(params))
	h, err := job.NewHarness(string(text), job.HarnessOptions{Options: job.Options{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

func req(count, processed int64) *record.Object { return generator.Request(count, processed) }

func str(r *record.Record, key string) string {
	v, _ := r.Data.Get(key)
	s, _ := v.(string)
	return s
}

func msOf(t *testing.T, s string) int64 {
	t.Helper()
	ms, ok := jsdate.Parse(s)
	if !ok {
		t.Fatalf("%q is not a date", s)
	}
	return int64(ms)
}

// processors-cases: the default schema's field types.
func TestReferenceFetcherDefaultSchema(t *testing.T) {
	c := refCases(t, "data_generator.fetcher")[0]
	out := fetch(t, nil, "", req(1, 1))
	if len(out) != int(c.Expected["length"].(float64)) {
		t.Fatalf("%d records", len(out))
	}
	for field, typ := range c.Expected["field_types"].(map[string]any) {
		v, _ := out[0].Data.Get(field)
		if got := strings.ToLower(record.TypeName(v)); got != typ {
			t.Errorf("%s is %s (%v), want %s", field, got, v, typ)
		}
	}
}

// processors-cases: dateNow in a renamed field lies between the times
// before and after the fetch; `created` is gone.
func TestReferenceFetcherDateNow(t *testing.T) {
	before := time.Now().UnixMilli()
	out := fetch(t, map[string]any{"format": "dateNow", "date_key": "test"}, "", req(1, 1))
	after := time.Now().UnixMilli()
	if out[0].Data.Has("created") {
		t.Error("created is present")
	}
	if ms := msOf(t, str(out[0], "test")); ms < before || ms > after {
		t.Errorf("test %s outside [%d, %d]", str(out[0], "test"), before, after)
	}
}

// processors-cases: isoBetween with epoch-millisecond start and end.
func TestReferenceFetcherBetween(t *testing.T) {
	start := time.Now().UnixMilli() + 100000
	end := start + 200000
	out := fetch(t, map[string]any{"format": "isoBetween", "date_key": "test", "start": start, "end": end}, "", req(50, 50))
	for _, r := range out {
		if ms := msOf(t, str(r, "test")); ms < start || ms >= end || r.Data.Has("created") {
			t.Fatalf("test %s outside [%d, %d)", str(r, "test"), start, end)
		}
	}
}

// processors-cases (docs): a custom schema with a date range in a field of
// its own; sluice applies date_key and format to custom schemas.
func TestReferenceDocsCustomSchema(t *testing.T) {
	c := refCases(t, "data_generator.docs")[0]
	dir := t.TempDir()
	schema := `{"firstName": {"faker": "name.firstName"}, "lastName": {"faker": "name.lastName"}, "country": {"faker": "address.country"}}`
	os.WriteFile(filepath.Join(dir, "file.json"), []byte(schema), 0o644)
	params := map[string]any{"json_schema": "file.json"}
	for _, k := range []string{"format", "start", "end", "date_key"} {
		params[k] = c.Config[k]
	}
	out := fetch(t, params, dir, req(2, 2))
	within := c.Expected["joinDate_within"].([]any)
	lo, hi := msOf(t, within[0].(string)), msOf(t, within[1].(string))
	if len(out) != 2 {
		t.Fatalf("%d records", len(out))
	}
	for _, r := range out {
		if keys := strings.Join(r.Data.Keys(), ","); keys != "firstName,lastName,country,joinDate" {
			t.Errorf("keys %s", keys)
		}
		if ms := msOf(t, str(r, "joinDate")); ms < lo || ms > hi {
			t.Errorf("joinDate %s", str(r, "joinDate"))
		}
	}
}

// The date formats, against the reference docs' own example instant
// (2016-01-19T20:33:09.356Z, shown as 13:33:09.356-07:00 in MST).
func TestDateFormats(t *testing.T) {
	instant := time.Date(2016, 1, 19, 20, 33, 9, 356e6, time.UTC)
	saved := time.Local
	time.Local = time.FixedZone("MST", -7*3600)
	defer func() { time.Local = saved }()
	for format, want := range map[string]string{"dateNow": "2016-01-19T13:33:09.356-07:00", "utcDate": "2016-01-19T20:33:09.356Z"} {
		out := fetchAt(t, map[string]any{"format": format}, instant)
		if got := str(out[0], "created"); got != want {
			t.Errorf("%s: %s, want %s", format, got, want)
		}
	}
	time.Local = time.UTC
	if got := str(fetchAt(t, nil, instant)[0], "created"); got != "2016-01-19T20:33:09.356+00:00" {
		t.Errorf("dateNow on a UTC host: %s (moment prints +00:00, not Z)", got)
	}
}

// fetchAt runs a fetcher whose clock is stopped at instant.
func fetchAt(t *testing.T, params map[string]any, instant time.Time) []*record.Record {
	t.Helper()
	j := mustValidate(t, genJob(params))
	f, err := generator.NewFetcher(j, j.Operations[0], func() time.Time { return instant })
	if err != nil {
		t.Fatal(err)
	}
	out, err := f.Fetch(nil, req(3, 3))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// isoBetween and utcBetween print instants of [start, end); end defaults to
// the fetcher's construction time and start to the epoch.
func TestBetweenRanges(t *testing.T) {
	instant := time.Date(1970, 1, 1, 0, 0, 1, 0, time.UTC) // end: 1000 ms after the epoch
	seen := map[int64]bool{}
	for range 20 {
		for _, r := range fetchAt(t, map[string]any{"format": "utcBetween"}, instant) {
			ms := msOf(t, str(r, "created"))
			if ms < 0 || ms >= 1000 || !strings.HasSuffix(str(r, "created"), "Z") {
				t.Fatalf("%s outside [epoch, epoch+1s)", str(r, "created"))
			}
			seen[ms] = true
		}
	}
	if len(seen) < 20 {
		t.Errorf("only %d distinct instants", len(seen))
	}
	out := fetchAt(t, map[string]any{"format": "isoBetween", "start": "+010000-01-01T00:00:00.000Z", "end": "+010000-01-01T00:00:00.001Z"}, instant)
	if got := str(out[0], "created"); got != "+010000-01-01T00:00:00.000Z" {
		t.Errorf("a date past year 9999: %s", got)
	}
}

var (
	ipv4RE = regexp.MustCompile(`^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$`)
	// correction 4: up to 5 decimals, no trailing zeros
	locationRE = regexp.MustCompile(`^-?\d{1,3}(\.\d{0,4}[1-9])?, -?\d{1,3}(\.\d{0,4}[1-9])?$`)
)

// Spec 12 row 5 (decided by the seed): ip is always an IPv4 address; the
// other fields keep their shapes over many records.
func TestDefaultRecordShapes(t *testing.T) {
	out := fetch(t, nil, "", req(2000, 2000))
	bytesSeen := map[float64]bool{}
	for _, r := range out {
		if ip := str(r, "ip"); !ipv4RE.MatchString(ip) {
			t.Fatalf("ip %q is not IPv4", ip)
		}
		loc := str(r, "location")
		if !locationRE.MatchString(loc) {
			t.Fatalf("location %q", loc)
		}
		var lat, lon float64
		parts := strings.Split(loc, ", ")
		json.Unmarshal([]byte(parts[0]), &lat)
		json.Unmarshal([]byte(parts[1]), &lon)
		if lat < -90 || lat > 90 || lon < -180 || lon > 180 {
			t.Fatalf("location %q out of range", loc)
		}
		b, _ := r.Data.Get("bytes")
		bytesSeen[b.(float64)] = true
	}
	if len(bytesSeen) < 1990 {
		t.Errorf("bytes repeat too often: %d distinct of 2000", len(bytesSeen))
	}
}

// Spec 12 row 1: base64url ids are what the reference meant — one of
// [a-zA-Z1-9-_] then 8 word characters — not a literal "wwwwwwww".
func TestBase64URLIDs(t *testing.T) {
	out := fetch(t, map[string]any{"set_id": "base64url"}, "", req(500, 500))
	re := regexp.MustCompile(`^[a-zA-Z1-9\-_]\w{8}$`)
	tails := map[string]bool{}
	for _, r := range out {
		id := str(r, "id")
		if !re.MatchString(id) {
			t.Fatalf("id %q", id)
		}
		tails[id[1:]] = true
	}
	if len(tails) < 495 {
		t.Errorf("only %d distinct id tails in 500", len(tails))
	}
}

// Property: every id matches the configured pattern (checked with Go's
// regexp), for every id type and a range of id_start_key fragments.
func TestIDsMatchTheirPattern(t *testing.T) {
	types := map[string]string{"base64url": `[a-zA-Z1-9\-_]\w{8}`, "hexadecimal": `[0-9a-f]{8}`, "HEXADECIMAL": `[0-9A-F]{8}`}
	for setID, pattern := range types {
		for _, start := range []string{"", "a", "[a-f]", "[ab]", "(x|y)", `\d{3}`, "foo|ba[rz]", `(?i)k\w?`, "é"} {
			params := map[string]any{"set_id": setID}
			if start != "" {
				params["id_start_key"] = start
			}
			re := regexp.MustCompile(`^(?:` + start + `)` + pattern + `$`)
			for _, r := range fetch(t, params, "", req(300, 300)) {
				if id := str(r, "id"); !re.MatchString(id) {
					t.Fatalf("%s with %q: id %q does not match %s", setID, start, id, re)
				}
			}
		}
	}
}

// Spec 12 row 6: every fetcher has its own schema; one configured with a
// date key and ids leaves the next default one untouched.
func TestFreshSchemaPerInstance(t *testing.T) {
	first := fetch(t, map[string]any{"date_key": "ts", "set_id": "hexadecimal", "id_start_key": "z"}, "", req(1, 1))
	second := fetch(t, nil, "", req(1, 1))
	if k := strings.Join(first[0].Data.Keys(), ","); k != "ip,userAgent,url,uuid,ipv6,location,bytes,ts,id" {
		t.Errorf("first: %s", k)
	}
	if k := strings.Join(second[0].Data.Keys(), ","); k != "ip,userAgent,url,uuid,created,ipv6,location,bytes" {
		t.Errorf("second: %s", k)
	}
}

func TestStressTestRepeatsOneRecord(t *testing.T) {
	out := fetch(t, map[string]any{"stress_test": true}, "", req(50, 50))
	for _, r := range out[1:] {
		if !record.DeepEqual(r.Data, out[0].Data) {
			t.Fatal("stress_test records differ")
		}
		if r.Data == out[0].Data {
			t.Fatal("stress_test records share one object")
		}
	}
	other := fetch(t, map[string]any{"stress_test": true}, "", req(1, 1))
	if record.DeepEqual(other[0].Data, out[0].Data) {
		t.Error("two stress_test slices gave the same record")
	}
}

func TestRequests(t *testing.T) {
	h := harness(t, nil, "")
	for _, r := range []any{nil, req(0, 0)} {
		if out, err := h.RunRequest(r); err != nil || len(out) != 0 {
			t.Errorf("%v: %d records, %v", r, len(out), err)
		}
	}
	for _, bad := range []any{"five", record.FromGo(map[string]any{"count": -1}), record.FromGo(map[string]any{"count": 1.5})} {
		_, err := h.RunRequest(bad)
		if err == nil || job.Retryable(err) || !strings.Contains(err.Error(), "slice request") {
			t.Errorf("%v: error %v (want a non-retryable one)", bad, err)
		}
	}
}

// delay waits before generating; an abort interrupts the wait.
func TestDelay(t *testing.T) {
	start := time.Now()
	fetch(t, map[string]any{"delay": 0.2}, "", req(1, 1))
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("fetched after %v, want at least 200ms", d)
	}
	j := mustValidate(t, genJob(map[string]any{"delay": 30, "size": 3}))
	ex := job.NewExecution(j, job.RunOptions{})
	time.AfterFunc(100*time.Millisecond, ex.Abort)
	start = time.Now()
	sum, err := ex.Run(context.Background())
	if d := time.Since(start); d > 5*time.Second || err == nil || len(sum.Errors) == 0 || !strings.Contains(sum.Errors[0], "delay interrupted") {
		t.Errorf("aborted run took %v, error %v, summary errors %q", d, err, sum.Errors)
	}
}
