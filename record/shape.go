package record

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// Shapes and inline caches, as JavaScript engines have them: records of one
// file nearly always have the same keys in the same order, so a lookup
// site (a rule's field) can remember where its key was and skip the scan of
// the next record of that shape.
//
// A shape is a node of a process-wide tree (one for records, one for the
// objects inside them) whose root is the empty object; a node's children
// extend its key list by one key each, so one key list is one node,
// whichever decoder or goroutine met it. The decoder walks the tree as it
// adds keys and gives the object the node it ends at: it compares the
// input with the key it expects (a child's, usually the first) instead of
// scanning the key (expectKey). An object's shape is nil whenever its key
// list may differ from its shape's (see Object.shape); lookups then scan
// as before.
//
// A lookup site's cache holds the node of the key it found last: the node
// stands for the keys up to and including that key, so an object whose
// shape passes through the node at the same depth has the key at that
// position, whatever keys follow. Records of the web-log sample have eight
// key lists that differ only after their eleventh key: one cached node
// serves them all.

// Shape is an immutable list of distinct keys: a node of the shape tree.
type Shape struct {
	key   string   // the last key (a copy: a shape never pins a decoder's input)
	nodes []*Shape // nodes[i] is the shape of the first i+1 keys; nodes[len-1] is this one
	pos   int      // the position of key: len(nodes)-1
	// head is the first headLen of nodes (noNode past them), in the
	// shape itself: a lookup cache's check of a key among them loads one
	// word of the shape instead of the slice's pointer and then the node.
	// It is never nil, so an empty cache (a nil node) never matches.
	head [headLen]*Shape
	bits uint64 // the keyBit of every key (Object.keyBits)
	// quoted is the key's JSON text and a colon ("key":) when the key is
	// plain: valid UTF-8 without quotes, backslashes or control
	// characters, so that text decodes to it (expectKey); else empty.
	// member is the same after a comma (,"key":), as the encoder writes
	// it (quoted is member[1:]).
	quoted, member string
	// qword and qmask: quoted's first 16 bytes as two little-endian
	// words, zero-padded, and the masks of its bytes in them, and qlen
	// its length when it is at most 16 bytes long (else 0): atKey
	qword, qmask [2]uint64
	qlen         int
	// cword and cmask are the same of a comma and quoted (,"key":) when
	// that is at most 16 bytes long, clen (else 0): the comma after a
	// member and the next key in one comparison (atCommaKey)
	cword, cmask [2]uint64
	clen         int
	// dotted: one of the keys has a '.' or '[', as the whole text of a
	// path of many keys always has (Path.Get reads that text as a key only
	// when some key could be it)
	dotted bool
	first  atomic.Pointer[Shape]  // the first child, the usual one
	kids   atomic.Pointer[kidSet] // all children; replaced, never changed, under shapeMu
	tree   *shapeTree
	// Whether records read their nested member under this key (a record's
	// object or array value): of the first lazySamples decoded as text,
	// how many were read; eager once eagerReads were.
	lazySeen, lazyReads atomic.Int32
	eager               atomic.Bool
}

// lazySamples and eagerReads decide when a record's nested member is
// decoded at once rather than kept as text until read: when at least
// eagerReads of the first lazySamples records with the key in that place
// had it read. Skipping a value costs about a third of decoding it, so
// decoding at once is cheaper from about two reads in three.
const (
	lazySamples = 32
	eagerReads  = 24
)

// sampleLazy counts a member of this node kept as text and returns the node
// while it samples (the member then reports its read), else nil.
func (s *Shape) sampleLazy() *Shape {
	if s.lazySeen.Load() >= lazySamples || s.lazySeen.Add(1) > lazySamples {
		return nil
	}
	return s
}

// lazyRead counts a sampled member that was read.
func (s *Shape) lazyRead() {
	if s.lazyReads.Add(1) == eagerReads {
		s.eager.Store(true)
	}
}

// kidSet is a shape's children, immutable.
type kidSet struct {
	list   []*Shape
	byKey  map[string]*Shape // when the list is long
	closed bool              // no more children: maxShapeKids, or the key list is maxShapeKeys long
}

// find returns the child for k, or nil.
func (ks *kidSet) find(k string) *Shape {
	if ks.byKey != nil {
		return ks.byKey[k]
	}
	for _, c := range ks.list {
		if c.key == k {
			return c
		}
	}
	return nil
}

// Bounds that keep the trees small whatever the data: objects whose keys
// are data (ids as keys) would otherwise grow them without end. Past them,
// objects simply have no shape. Records (top-level objects) have a tree of
// their own, so that nested objects of such data cannot use up the room
// of the records' few key lists.
const (
	maxShapeKeys = 64   // objects with more keys get no shape (decoding such keys uses a map)
	maxShapeKids = 256  // key lists that branch more at one point end there
	shortKidList = 8    // a longer list of children is looked up in a map
	maxTreeNodes = 4096 // nodes in one tree (at most a few MB)
	headLen      = 16   // nodes a shape holds in itself (Shape.head): a record's usual keys
)

// shapeTree is a tree of shapes.
type shapeTree struct {
	root  *Shape
	count int         // nodes, under shapeMu
	full  atomic.Bool // count reached maxTreeNodes: no one need lock
}

func newShapeTree() *shapeTree {
	t := &shapeTree{}
	t.root = &Shape{pos: -1, tree: t}
	t.root.fillHead()
	return t
}

// noNode fills a shape's head past its keys: a node of no shape, so that
// no cache holds it.
var noNode = new(Shape)

// fillHead sets s.head to s's first nodes, then noNode.
func (s *Shape) fillHead() {
	n := copy(s.head[:], s.nodes)
	for i := n; i < headLen; i++ {
		s.head[i] = noNode
	}
}

var (
	recordShapes = newShapeTree() // of top-level objects
	nestedShapes = newShapeTree() // of the objects inside them
	shapeMu      sync.Mutex       // serialises adding children
)

// next is the shape of s's keys followed by k; nil when k is one of s's
// keys or the tree has no room. It is on the decoder's path for keys
// expectKey did not foresee.
func (s *Shape) next(k string) *Shape {
	if c := s.first.Load(); c != nil && c.key == k {
		return c
	}
	if ks := s.kids.Load(); ks != nil {
		if c := ks.find(k); c != nil || ks.closed {
			return c
		}
	}
	if s.tree.full.Load() {
		return nil
	}
	return s.addKid(k)
}

// addKid finds or makes the child of s for k.
func (s *Shape) addKid(k string) *Shape {
	shapeMu.Lock()
	defer shapeMu.Unlock()
	old := s.kids.Load()
	if old == nil {
		old = &kidSet{}
	}
	if c := old.find(k); c != nil || old.closed { // added since the caller looked
		return c
	}
	if len(s.nodes) >= maxShapeKeys {
		s.kids.Store(&kidSet{closed: true})
		return nil
	}
	if s.tree.count >= maxTreeNodes || s.has(k) {
		return nil
	}
	c := &Shape{key: strings.Clone(k), bits: s.bits | keyBit(k), pos: len(s.nodes), member: memberKey(k), tree: s.tree,
		dotted: s.dotted || strings.ContainsAny(k, ".[")}
	if c.member != "" {
		c.quoted = c.member[1:]
	}
	c.qword, c.qmask = keyWords(c.quoted)
	if len(c.quoted) <= 16 {
		c.qlen = len(c.quoted)
	}
	if c.quoted != "" && len(c.quoted) < 16 {
		c.cword, c.cmask = keyWords("," + c.quoted)
		c.clen = len(c.quoted) + 1
	}
	c.nodes = append(append(make([]*Shape, 0, len(s.nodes)+1), s.nodes...), c)
	c.fillHead()
	ks := &kidSet{list: append(append(make([]*Shape, 0, len(old.list)+1), old.list...), c)}
	ks.closed = len(ks.list) >= maxShapeKids
	if len(ks.list) > shortKidList {
		ks.byKey = make(map[string]*Shape, len(ks.list))
		for _, x := range ks.list {
			ks.byKey[x.key] = x
		}
	}
	s.kids.Store(ks)
	if len(old.list) == 0 {
		s.first.Store(c)
	}
	if s.tree.count++; s.tree.count >= maxTreeNodes {
		s.tree.full.Store(true)
	}
	return c
}

// firstKid is s's first child, the usual one, or nil (s may be nil).
func (s *Shape) firstKid() *Shape {
	if s == nil {
		return nil
	}
	return s.first.Load()
}

// atCommaKey reports whether the text at i (a comma) is the comma and
// c's key with its colon (cword).
func (c *Shape) atCommaKey(s string, i int) bool {
	return c.clen != 0 && i+16 <= len(s) &&
		load64(s, i)&c.cmask[0] == c.cword[0] && load64(s, i+8)&c.cmask[1] == c.cword[1]
}

// memberKey is a comma and k between quotes followed by a colon when that
// is its JSON text (,"key":), else "".
func memberKey(k string) string {
	if !plainKey(k) {
		return ""
	}
	return `,"` + k + `":`
}

// keyWords returns the first 16 bytes of q as two little-endian words
// (zero past its end) and the masks of the bytes q fills in them.
func keyWords(q string) (words, masks [2]uint64) {
	for i := 0; i < len(q) && i < 16; i++ {
		words[i/8] |= uint64(q[i]) << (8 * (i % 8))
		masks[i/8] |= 0xff << (8 * (i % 8))
	}
	return words, masks
}

// plainKey reports whether k's JSON text is k itself between quotes.
func plainKey(k string) bool {
	for i := 0; i < len(k); i++ {
		if c := k[i]; c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return utf8.ValidString(k)
}

// has reports whether k is one of s's keys.
func (s *Shape) has(k string) bool {
	for _, n := range s.nodes {
		if n.key == k {
			return true
		}
	}
	return false
}

// Keys returns the keys in order (a new slice).
func (s *Shape) Keys() []string {
	keys := make([]string, len(s.nodes))
	for i, n := range s.nodes {
		keys[i] = n.key
	}
	return keys
}

// lookupCache is a lookup site's inline cache: the node of the key where it
// was last found and its position. It is shared by every goroutine running
// the site; a lookup loads it (plain loads on amd64) and stores only when
// the key was found under another node. The two need not agree (another
// goroutine may store between the loads): a node is at one position in
// every shape, so o's shape has the node at the position read only when
// that is the node's position.
type lookupCache struct {
	node atomic.Pointer[Shape]
	pos  atomic.Int64
}

// store remembers node n (at n.pos).
func (c *lookupCache) store(n *Shape) {
	c.pos.Store(int64(n.pos))
	c.node.Store(n)
}

// cached is the position c remembers when o has the key there, else -1.
// A hit costs a few loads and compares, two dependent ones when the key is
// among the first headLen. (An object with a shape is loaded: only
// ParseRecordRaw makes unloaded objects, without a shape.)
func (o *Object) cached(c *lookupCache) int {
	if o == nil || o.shape == nil || c == nil {
		return -1
	}
	n, i := c.node.Load(), c.pos.Load()
	if uint64(i) < headLen {
		if o.shape.head[i] == n { // never nil: an empty cache misses
			return int(i)
		}
		return -1
	}
	if uint64(i) >= uint64(len(o.shape.nodes)) || o.shape.nodes[i] != n {
		return -1
	}
	return int(i)
}

// lookup is index with c's help; c may be nil. o is loaded (not nil).
func (o *Object) lookup(key string, c *lookupCache) int {
	if o.shape == nil { // nothing to remember: a record built key by key
		return o.index(key)
	}
	if i := o.cached(c); i >= 0 {
		return i
	}
	return o.indexToCache(key, c)
}

// indexToCache is index, remembering in c where the key is when o has a
// shape. A store happens only when c held another node: an object of
// another shape, or another key position, came by.
func (o *Object) indexToCache(key string, c *lookupCache) int {
	i := o.index(key)
	if i >= 0 && o.shape != nil && c != nil {
		c.store(o.shape.nodes[i])
	}
	return i
}

// getCached is Get with a lookup cache, c, which may be nil.
func (o *Object) getCached(key string, c *lookupCache) (any, bool) {
	if v, ok := o.hit(c); ok {
		return v, true
	}
	return o.getMissed(key, c)
}

// headHit is the position c remembers when o has the key there and it is
// among the first headLen (the check of hit), else -1: small enough to be
// inlined into the lookup sites.
func (o *Object) headHit(c *lookupCache) int {
	if o == nil || o.shape == nil || c == nil {
		return -1
	}
	if i := c.pos.Load(); uint64(i) < headLen && o.shape.head[i] == c.node.Load() {
		return int(i)
	}
	return -1
}

// hit is getCached's usual case, small enough to be inlined into the
// lookup sites, so that they call nothing: the value where c remembers
// the key, when that is among the first headLen, and the value is decoded.
// False means "not answered here", and v is then meaningless: getMissed
// answers.
func (o *Object) hit(c *lookupCache) (any, bool) {
	if o == nil || o.shape == nil || c == nil {
		return nil, false
	}
	if i := c.pos.Load(); uint64(i) < headLen && o.shape.head[i] == c.node.Load() {
		v := o.fields[i].val
		return v, !isLazy(v)
	}
	return nil, false
}

// getMissed is getCached past its usual case.
func (o *Object) getMissed(key string, c *lookupCache) (any, bool) {
	if o == nil {
		return nil, false
	}
	o.load()
	var i int
	if o.shape == nil { // lookup's scan, without the call
		i = o.index(key)
	} else {
		i = o.lookup(key, c)
	}
	if i < 0 {
		return nil, false
	}
	if v := o.fields[i].val; !isLazy(v) {
		return v, true
	}
	return o.resolve(i), true
}

func isLazy(v any) bool {
	_, ok := v.(*lazyJSON)
	return ok
}

// Key is an object key to read from many objects (a rule's field): it
// remembers where it found the key last, so objects of the same shape are
// read without a scan. Copies share the memory. The zero Key is the
// empty key, without a cache.
type Key struct {
	name  string
	cache *lookupCache
}

// NewKey returns the key name with a cache of its own.
func NewKey(name string) Key { return Key{name: name, cache: new(lookupCache)} }

// String returns the key.
func (k Key) String() string { return k.name }

// Get is o.Get(k.String()).
func (k Key) Get(o *Object) (any, bool) {
	if v, ok := o.hit(k.cache); ok {
		return v, ok
	}
	return o.getMissed(k.name, k.cache)
}

// Hit is Get's usual case, small enough to be inlined into a caller that
// reads many objects: the value when o is of a shape the key's cache
// knows and the key is among its first 16 (and decoded). False means "not
// answered here" (v is then meaningless): call Get.
func (k Key) Hit(o *Object) (any, bool) {
	c := k.cache
	if o == nil || o.shape == nil || c == nil {
		return nil, false
	}
	if i := c.pos.Load(); uint64(i) < headLen && o.shape.head[i] == c.node.Load() {
		v := o.fields[i].val
		_, lazy := v.(*lazyJSON)
		return v, !lazy
	}
	return nil, false
}

// Has is o.Has(k.String()).
func (k Key) Has(o *Object) bool {
	o.load()
	return o != nil && o.lookup(k.name, k.cache) >= 0
}
