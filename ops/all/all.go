// Package all registers every operation and api of sluice: import it for
// its side effect. `pipeline docs` lists what each package registers.
package all

import (
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/dfs" // dfs_reader, dfs_exporter, dfs_reader_api, dfs_sender_api
	_ "github.com/sluice-dev/sluice/ops/fileout"
	_ "github.com/sluice-dev/sluice/ops/generator"
	_ "github.com/sluice-dev/sluice/ops/objstore"
	_ "github.com/sluice-dev/sluice/ops/route"
	_ "github.com/sluice-dev/sluice/ops/routed"
	_ "github.com/sluice-dev/sluice/ops/sample"
	_ "github.com/sluice-dev/sluice/ops/search"
	_ "github.com/sluice-dev/sluice/ops/stream"
	_ "github.com/sluice-dev/sluice/ops/transform"
	_ "github.com/sluice-dev/sluice/ops/window"
)
