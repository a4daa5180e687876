// Command pipeline runs, validates and documents teraslice-style jobs:
// `pipeline run job.json`, `pipeline validate job.json`, `pipeline docs`.
package main
