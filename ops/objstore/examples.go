package objstore

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/s3fs"
	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// exampleBucket holds the objects of the examples; their names are
// deterministic, so every run overwrites the last one's.
const exampleBucket = "sluice-examples"

func examples() []job.Example {
	return []job.Example{{
		Title:   "Records routed a and b become one object per route under sluice-examples/routed/",
		Config:  `{"_op": "routed_sender", "_api_name": "object_sender_api", "routing": {"**": "default"}}`,
		APIs:    `[{"_name": "object_sender_api", "path": "sluice-examples/routed", "format": "ldjson"}]`,
		Input:   `[{"id": 1}, {"id": 2}, {"id": 3}]`,
		Meta:    `[{"standard:route": "a"}, {"standard:route": "b"}, {"standard:route": "a"}]`,
		Servers: []string{job.ConnS3},
		Check: checkObjects(fileout.None, map[string]string{
			"routed/a/harness-0.0.ldjson": "{\"id\":1}\n{\"id\":3}\n",
			"routed/b/harness-0.0.ldjson": "{\"id\":2}\n",
		}),
	}, {
		Title:   "A gzip-compressed csv object with a header for the catch-all route",
		Config:  `{"_op": "routed_sender", "_api_name": "object_sender_api", "routing": {"*": "default"}}`,
		APIs:    `[{"_name": "object_sender_api", "path": "sluice-examples/csv", "format": "csv", "compression": "gzip", "include_header": true}]`,
		Input:   `[{"a": 1, "b": "x"}, {"a": 2, "b": "y"}]`,
		Servers: []string{job.ConnS3},
		Check:   checkObjects(fileout.Gzip, map[string]string{"csv/harness-0.0.csv.gz": "\"a\",\"b\"\n1,\"x\"\n2,\"y\"\n"}),
	}}
}

// checkObjects is the Check of an example: each key of want (in
// exampleBucket) was written in the last minute (not left by an earlier
// run) and holds its text once decompressed with c.
func checkObjects(c fileout.Compression, want map[string]string) func([]*record.Record) error {
	return func([]*record.Record) error {
		store, err := fsys.Open(context.Background(), s3fs.Kind, map[string]any{
			"endpoint": os.Getenv(testservers.EnvS3Endpoint), "accessKeyId": os.Getenv(testservers.EnvS3AccessKey),
			"secretAccessKey": os.Getenv(testservers.EnvS3SecretKey), "forcePathStyle": true})
		if err != nil {
			return err
		}
		for key, text := range want {
			name := exampleBucket + "/" + key
			if fi, err := store.Stat(context.Background(), name); err != nil || time.Since(fi.ModTime) > time.Minute {
				return fmt.Errorf("object %s: %+v, %v; want one written just now", name, fi, err)
			}
			got, err := fsys.ReadFile(context.Background(), store, name)
			if err == nil {
				got, err = c.Decompress(got)
			}
			if err != nil || string(got) != text {
				return fmt.Errorf("object %s/%s holds %q (%v), want %q", exampleBucket, key, got, err, text)
			}
		}
		return nil
	}
}
