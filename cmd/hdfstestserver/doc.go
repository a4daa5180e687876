// Command hdfstestserver runs the project's test NameNode + DataNode
// (internal/hdfstest) as a process, for scripts that start test servers:
//
//	hdfstestserver [-port 8020] [-data-port 0] [-dir DIR] [-block-size BYTES]
//
// It listens on 127.0.0.1 only, prints "READY 127.0.0.1:<namenode port>" on
// stdout once both servers accept connections, and runs until SIGTERM or
// SIGINT. It is not HDFS: see internal/hdfstest for the subset it speaks.
package main
