package main

import (
	"os"

	"github.com/sluice-dev/sluice/internal/cli"
	"github.com/sluice-dev/sluice/internal/pipelinecli"
)

func main() {
	os.Exit(pipelinecli.Pipeline(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}
