// Command kfakeserver runs franz-go's in-process Kafka emulator (pkg/kfake)
// as a loopback broker process, for scripts that start test servers:
//
//	kfakeserver [-port 0] [-brokers 1] [-partitions 3] [-dir DIR]
//
// It listens on 127.0.0.1 only, creates topics on first use, prints
// "READY host:port[,host:port...]" on stdout once the brokers accept
// connections, and runs until SIGTERM or SIGINT. It is an emulator of the
// Kafka protocol, not Apache Kafka: no replication, throttling or per-record
// produce errors.
package main
