package hdfstest

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"

	_ "github.com/colinmarc/hdfs/v2" // registers the Hadoop .proto files
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// msg is a Hadoop protobuf message. The types are the ones colinmarc/hdfs
// registers in protoregistry; the server reaches them only by full name, so
// no second copy of any .proto is compiled into the binary.
type msg = protoreflect.Message

// maxMessage bounds one varint-delimited message (Hadoop's default
// ipc.maximum.data.length is 64 MiB).
const maxMessage = 64 << 20

// newMsg returns an empty message of the named type ("hadoop.hdfs.X").
// An unknown name is a programming error.
func newMsg(name string) msg {
	mt, err := protoregistry.GlobalTypes.FindMessageByName(protoreflect.FullName(name))
	if err != nil {
		panic(fmt.Sprintf("hdfstest: message %s is not registered: %v", name, err))
	}
	return mt.New()
}

func hdfsMsg(name string) msg   { return newMsg("hadoop.hdfs." + name) }
func commonMsg(name string) msg { return newMsg("hadoop.common." + name) }

func fieldOf(m msg, name string) protoreflect.FieldDescriptor {
	fd := m.Descriptor().Fields().ByName(protoreflect.Name(name))
	if fd == nil {
		panic(fmt.Sprintf("hdfstest: %s has no field %s", m.Descriptor().FullName(), name))
	}
	return fd
}

// set assigns field name of m (appending for repeated fields) and returns m.
// v may be a Go string (an enum value name for enum fields), []byte, bool,
// any integer type or a msg.
func set(m msg, name string, v any) msg {
	fd := fieldOf(m, name)
	val := toValue(fd, v)
	if fd.IsList() {
		m.Mutable(fd).List().Append(val)
		return m
	}
	m.Set(fd, val)
	return m
}

func toValue(fd protoreflect.FieldDescriptor, v any) protoreflect.Value {
	switch x := v.(type) {
	case string:
		return stringValue(fd, x)
	case []byte:
		return protoreflect.ValueOfBytes(x)
	case bool:
		return protoreflect.ValueOfBool(x)
	case msg:
		return protoreflect.ValueOfMessage(x)
	case uint64:
		return uintValue(fd, x)
	case uint32:
		return uintValue(fd, uint64(x))
	case int:
		return intValue(fd, int64(x))
	case int32:
		return intValue(fd, int64(x))
	case int64:
		return intValue(fd, x)
	}
	panic(fmt.Sprintf("hdfstest: cannot set %s from %T", fd.FullName(), v))
}

func stringValue(fd protoreflect.FieldDescriptor, s string) protoreflect.Value {
	switch fd.Kind() {
	case protoreflect.EnumKind:
		ev := fd.Enum().Values().ByName(protoreflect.Name(s))
		if ev == nil {
			panic(fmt.Sprintf("hdfstest: %s has no value %s", fd.Enum().FullName(), s))
		}
		return protoreflect.ValueOfEnum(ev.Number())
	case protoreflect.BytesKind:
		return protoreflect.ValueOfBytes([]byte(s))
	}
	return protoreflect.ValueOfString(s)
}

func uintValue(fd protoreflect.FieldDescriptor, u uint64) protoreflect.Value {
	switch fd.Kind() {
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64(u)
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32(uint32(u))
	}
	return intValue(fd, int64(u))
}

func intValue(fd protoreflect.FieldDescriptor, i int64) protoreflect.Value {
	switch fd.Kind() {
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return protoreflect.ValueOfInt64(i)
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return protoreflect.ValueOfInt32(int32(i))
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64(uint64(i))
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32(uint32(i))
	}
	panic(fmt.Sprintf("hdfstest: %s is not an integer field", fd.FullName()))
}

// get reads field name of m (its default when unset).
func get(m msg, name string) protoreflect.Value { return m.Get(fieldOf(m, name)) }

func has(m msg, name string) bool         { return m.Has(fieldOf(m, name)) }
func str(m msg, name string) string       { return get(m, name).String() }
func u64(m msg, name string) uint64       { return get(m, name).Uint() }
func i64(m msg, name string) int64        { return get(m, name).Int() }
func flag(m msg, name string) bool        { return get(m, name).Bool() }
func sub(m msg, name string) msg          { return get(m, name).Message() }
func byteField(m msg, name string) []byte { return get(m, name).Bytes() }

// enumName is the name of the enum value in field name of m.
func enumName(m msg, name string) string {
	fd := fieldOf(m, name)
	ev := fd.Enum().Values().ByNumber(m.Get(fd).Enum())
	if ev == nil {
		return fmt.Sprint(m.Get(fd).Enum())
	}
	return string(ev.Name())
}

// enumNumber is the number of value in the named enum type.
func enumNumber(enum, value string) int32 {
	et, err := protoregistry.GlobalTypes.FindEnumByName(protoreflect.FullName(enum))
	if err != nil {
		panic(fmt.Sprintf("hdfstest: enum %s is not registered: %v", enum, err))
	}
	ev := et.Descriptor().Values().ByName(protoreflect.Name(value))
	if ev == nil {
		panic(fmt.Sprintf("hdfstest: %s has no value %s", enum, value))
	}
	return int32(ev.Number())
}

func marshal(m msg) []byte {
	b, err := proto.Marshal(m.Interface())
	if err != nil {
		panic(fmt.Sprintf("hdfstest: marshal %s: %v", m.Descriptor().FullName(), err))
	}
	return b
}

// unmarshal decodes b into m, checking required fields as Hadoop does.
func unmarshal(b []byte, m msg) error { return proto.Unmarshal(b, m.Interface()) }

// appendDelimited appends m to buf, prefixed by its varint length.
func appendDelimited(buf []byte, m msg) []byte {
	b := marshal(m)
	buf = binary.AppendUvarint(buf, uint64(len(b)))
	return append(buf, b...)
}

// readDelimited reads one varint-prefixed message from r into m.
func readDelimited(r *bufio.Reader, m msg) error {
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return err
	}
	if n > maxMessage {
		return fmt.Errorf("delimited message of %d bytes is too long", n)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return noEOF(err)
	}
	return unmarshal(b, m)
}

// cutDelimited decodes one varint-prefixed message from the front of b into
// m and returns the rest of b.
func cutDelimited(b []byte, m msg) ([]byte, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, fmt.Errorf("truncated delimited %s", m.Descriptor().Name())
	}
	end := k + int(n)
	return b[end:], unmarshal(b[k:end], m)
}

// noEOF turns a clean EOF in the middle of a message into ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
