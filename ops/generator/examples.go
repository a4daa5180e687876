package generator

import (
	"fmt"
	"strings"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/internal/lazyre"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

const exampleSchema = `{
  "name": {"faker": "person.fullName"},
  "age": {"chance": "integer({\"min\": 18, \"max\": 90})"},
  "tags": [{"faker": "lorem.word", "length": 2, "fixedLength": true}],
  "address": {"city": {"faker": "location.city"}, "zip": {"randexp": "\\d{5}"}},
  "status": {"values": ["active", "inactive"]},
  "seq": {"incrementalId": 100}
}
`

func examples() []job.Example {
	return []job.Example{{
		Title:  "Five records of the built-in schema",
		Config: `{"_op": "data_generator", "size": 5}`,
		Check:  checkEach(5, checkDefaultRecord),
	}, {
		Title:  "Hexadecimal ids starting with a or b, UTC dates in 2015 in a field named ts",
		Config: `{"_op": "data_generator", "size": 4, "set_id": "hexadecimal", "id_start_key": "[ab]", "format": "utcBetween", "start": "2015-01-01T00:00:00.000Z", "end": "2016-01-01T00:00:00.000Z", "date_key": "ts"}`,
		Check:  checkEach(4, checkIDAndRange),
	}, {
		Title:  "A custom schema file, with the date field added",
		Config: `{"_op": "data_generator", "size": 3, "json_schema": "person.json"}`,
		Files:  map[string]string{"person.json": exampleSchema},
		Check:  checkCustom,
	}, {
		Title:  "stress_test repeats one record",
		Config: `{"_op": "data_generator", "size": 3, "stress_test": true}`,
		Check:  checkRepeated,
	}}
}

var (
	ipv4RE     = lazyre.New(`^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$`)
	ipv6RE     = lazyre.New(`^[0-9a-f]{4}(:[0-9a-f]{4}){7}$`)
	uuidRE     = lazyre.New(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	locationRE = lazyre.New(`^-?\d{1,2}(\.\d{1,5})?, -?\d{1,3}(\.\d{1,5})?$`)
	urlRE      = lazyre.New(`^https://[a-z-]+\.(com|biz|info|name|net|org)/?$`)
	localRE    = lazyre.New(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$`)
	utcRE      = lazyre.New(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)
)

func checkEach(n int, each func(*record.Object) error) func([]*record.Record) error {
	return func(out []*record.Record) error {
		if len(out) != n {
			return fmt.Errorf("%d records, want %d", len(out), n)
		}
		for _, r := range out {
			if err := each(r.Data); err != nil {
				return fmt.Errorf("%s: %w", record.JSON(r.Data), err)
			}
		}
		return nil
	}
}

// checkDefaultRecord checks the built-in record's keys, order and shapes.
func checkDefaultRecord(o *record.Object) error {
	if keys := strings.Join(o.Keys(), ","); keys != "ip,userAgent,url,uuid,created,ipv6,location,bytes" {
		return fmt.Errorf("keys %s", keys)
	}
	for key, re := range map[string]lazyre.Regexp{"ip": ipv4RE, "url": urlRE, "uuid": uuidRE, "created": localRE, "ipv6": ipv6RE, "location": locationRE} {
		if s, _ := getString(o, key); !re().MatchString(s) {
			return fmt.Errorf("%s %q does not match %s", key, s, re())
		}
	}
	if ua, _ := getString(o, "userAgent"); !strings.HasPrefix(ua, "Mozilla/5.0 (") {
		return fmt.Errorf("userAgent %q", ua)
	}
	b, _ := o.Get("bytes")
	if f, ok := b.(float64); !ok || f < 7850 || f > 5642867 || f != float64(int64(f)) {
		return fmt.Errorf("bytes %v", b)
	}
	return nil
}

func getString(o *record.Object, key string) (string, bool) {
	v, _ := o.Get(key)
	s, ok := v.(string)
	return s, ok
}

var idAB = lazyre.New(`^[ab][0-9a-f]{8}$`)

func checkIDAndRange(o *record.Object) error {
	if keys := strings.Join(o.Keys(), ","); keys != "ip,userAgent,url,uuid,ipv6,location,bytes,ts,id" {
		return fmt.Errorf("keys %s", keys)
	}
	if id, _ := getString(o, "id"); !idAB().MatchString(id) {
		return fmt.Errorf("id %q", id)
	}
	ts, _ := getString(o, "ts")
	ms, ok := jsdate.Parse(ts)
	lo, _ := jsdate.Parse("2015-01-01T00:00:00.000Z")
	hi, _ := jsdate.Parse("2016-01-01T00:00:00.000Z")
	if !ok || !utcRE().MatchString(ts) || ms < lo || ms >= hi {
		return fmt.Errorf("ts %q outside 2015", ts)
	}
	return nil
}

func checkCustom(out []*record.Record) error {
	for i, r := range out {
		if seq, _ := r.Data.Get("seq"); seq != float64(100+i) {
			return fmt.Errorf("record %d: seq %v, want %d", i, seq, 100+i)
		}
	}
	return checkEach(3, func(o *record.Object) error {
		if keys := strings.Join(o.Keys(), ","); keys != "name,age,tags,address,status,seq,created" {
			return fmt.Errorf("keys %s", keys)
		}
		age, _ := o.Get("age")
		tags, _ := o.Get("tags")
		addr, _ := o.Get("address")
		zip, _ := addr.(*record.Object).Get("zip")
		status, _ := getString(o, "status")
		if a, ok := age.(float64); !ok || a < 18 || a > 90 {
			return fmt.Errorf("age %v", age)
		}
		if t, ok := tags.([]any); !ok || len(t) != 2 {
			return fmt.Errorf("tags %v", tags)
		}
		if z, _ := zip.(string); len(z) != 5 || (status != "active" && status != "inactive") {
			return fmt.Errorf("zip %v, status %q", zip, status)
		}
		return nil
	})(out)
}

func checkRepeated(out []*record.Record) error {
	if err := checkEach(3, checkDefaultRecord)(out); err != nil {
		return err
	}
	for _, r := range out[1:] {
		if !record.DeepEqual(r.Data, out[0].Data) {
			return fmt.Errorf("records differ: %s and %s", record.JSON(out[0].Data), record.JSON(r.Data))
		}
	}
	return nil
}
