package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/sluice-dev/sluice/internal/cli"
)

func main() {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	interrupt := make(chan struct{})
	go func() {
		<-sig
		close(interrupt)
		<-sig // a second signal does not wait for the flush
		os.Exit(cli.ExitInterrupted)
	}()
	os.Exit(cli.Rulec(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Interrupt: interrupt}))
}
