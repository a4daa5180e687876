package dfs

import (
	"github.com/sluice-dev/sluice/job"
)

func (f *Family) readerSpec() *job.Spec {
	return &job.Spec{
		Name:    f.Reader,
		Kind:    job.KindReader,
		Summary: "Reads files into slices of records: json, ldjson, raw, csv or tsv, from HDFS or local directories.",
		Doc: "The slicer walks `path` breadth-first (files in byte order of their names; names starting with `.` are skipped; " +
			"symbolic links are followed when they lead inside the path to something the walk would not reach otherwise) and " +
			"cuts each file into slices of about `size` bytes (a whole file for `json`, compressed files and `file_per_slice`). " +
			"Every record of a file is read exactly once, by the slice it starts in, whatever the size, the line delimiter and the " +
			"text. Each record carries the metadata `path`, `offset`, `length` and `total` of its slice. A line or file that " +
			"cannot be read goes to the api's `_dead_letter_action` with its path, byte offset and the reason; the job goes on " +
			"(unless the action is `throw`, the default).\n\nShort form: the parameters on the operation; long form: in the api " +
			"named by `api_name` (`" + f.ReaderAPI + "`), whose values win.",
		Params:     opParams(readerParams(), f.ReaderAPI),
		Prepare:    f.prepare(f.ReaderAPI, readerParams()),
		NewSlicer:  f.newSlicer,
		NewFetcher: f.newFetcher,
		Examples:   f.readerExamples(),
	}
}

func (f *Family) readerAPISpec() *job.Spec {
	return &job.Spec{
		Name:        f.ReaderAPI,
		Kind:        job.KindAPI,
		Summary:     "The configuration and file-system connection of " + f.Reader + " (long form).",
		Doc:         "Name it in the reader's `api_name`. Records it cannot read go to this api's `_dead_letter_action`.",
		Params:      readerParams(),
		ValidateJob: f.validateReaderAPI,
		NewAPI:      f.newReaderAPI,
		Examples:    f.readerAPIExamples(),
	}
}

func (f *Family) exporterSpec() *job.Spec {
	return &job.Spec{
		Name:    f.Exporter,
		Kind:    job.KindProcessor,
		Summary: "Writes each slice of records to files: json, ldjson, raw, csv or tsv, on HDFS or in local directories.",
		Doc: "Formats are byte for byte the reference's. Files are named `<prefix><worker>.<n>.<ext>` (`n` counts the slices " +
			"of the worker) with `file_per_slice` (the default), else `<prefix><worker>.<ext>`, one file per worker. Every " +
			"file appears complete or not at all: it is written under a hidden temporary name (`.<name>.tmp-<random>`) and " +
			"renamed when complete — a slice's file when the slice is written, a worker's file when the worker shuts down. " +
			"A killed job leaves no partial file under a final name, and a retried slice does not write its records twice. " +
			"The operation returns its input.\n\nShort form: the parameters on the operation; long form: in the api named " +
			"by `api_name` (`" + f.SenderAPI + "`), whose values win.",
		Params:       opParams(senderParams(), f.SenderAPI),
		Prepare:      f.prepare(f.SenderAPI, senderParams()),
		NewProcessor: f.newExporter,
		Examples:     f.exporterExamples(),
	}
}

func (f *Family) senderAPISpec() *job.Spec {
	return &job.Spec{
		Name:    f.SenderAPI,
		Kind:    job.KindAPI,
		Summary: "The configuration and file-system connection of " + f.Exporter + " (long form); also a sender api for routed_sender.",
		Doc: "Name it in the exporter's `api_name`, or in routed_sender's `_api_name` (each route then writes under " +
			"`<directory>/<route>/`). Records the format cannot represent (raw needs a `data` string) go to this api's " +
			"`_dead_letter_action`.",
		Params:      senderParams(),
		ValidateJob: f.validateSenderAPI,
		NewAPI:      f.newSenderAPI,
		Examples:    f.senderAPIExamples(),
	}
}
