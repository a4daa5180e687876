package main

import (
	"os"

	"github.com/sluice-dev/sluice/internal/cli"
)

func main() {
	os.Exit(cli.Pipeline(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}
