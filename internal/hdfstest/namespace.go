package hdfstest

import (
	"slices"
	"strings"
)

// inode is one directory or file of the namespace.
type inode struct {
	id     uint64
	name   string
	parent *inode
	dir    bool
	kids   map[string]*inode // directories only

	perm         uint32
	owner, group string
	mtime, atime uint64 // milliseconds since the epoch

	// files only
	blockSize   uint64
	replication uint32
	blocks      []*blockInfo
	holder      string // lease holder while under construction, "" once closed
}

// blockInfo is the NameNode's record of one block of a file.
type blockInfo struct {
	id, gs, numBytes uint64
	complete         bool
}

func (n *inode) underConstruction() bool { return n.holder != "" }

func (n *inode) lastBlock() *blockInfo {
	if len(n.blocks) == 0 {
		return nil
	}
	return n.blocks[len(n.blocks)-1]
}

// length is the file length a client sees: complete blocks only, as for a
// Hadoop file whose last block is still being written.
func (n *inode) length() uint64 {
	var total uint64
	for _, b := range n.blocks {
		if b.complete {
			total += b.numBytes
		}
	}
	return total
}

// path is the absolute path of n.
func (n *inode) path() string {
	if n.parent == nil {
		return "/"
	}
	var parts []string
	for p := n; p.parent != nil; p = p.parent {
		parts = append(parts, p.name)
	}
	slices.Reverse(parts)
	return "/" + strings.Join(parts, "/")
}

// sortedKids lists a directory's children in byte order of their names, the
// order a NameNode lists them in.
func (n *inode) sortedKids() []*inode {
	names := make([]string, 0, len(n.kids))
	for name := range n.kids {
		names = append(names, name)
	}
	slices.Sort(names)
	out := make([]*inode, len(names))
	for i, name := range names {
		out[i] = n.kids[name]
	}
	return out
}

// isAncestor reports whether a is n or one of n's ancestors.
func (n *inode) isAncestor(a *inode) bool {
	for p := n; p != nil; p = p.parent {
		if p == a {
			return true
		}
	}
	return false
}

// splitPath checks src as Hadoop's DFSUtil.isValidName does (absolute, no
// "." or ".." or ":" components, no empty component inside) and returns its
// components.
func splitPath(src string) ([]string, error) {
	if !strings.HasPrefix(src, "/") {
		return nil, appErr(exInvalidPath, "Invalid path name %s", src)
	}
	parts := strings.Split(strings.TrimSuffix(src[1:], "/"), "/")
	if len(parts) == 1 && parts[0] == "" {
		return nil, nil
	}
	for _, p := range parts {
		if p == "" || p == "." || p == ".." || strings.Contains(p, ":") {
			return nil, appErr(exInvalidPath, "Invalid path name %s", src)
		}
	}
	return parts, nil
}

// walk follows parts from root. It returns the deepest inode reached and the
// number of components it consumed; a file in the middle stops the walk.
func walk(root *inode, parts []string) (*inode, int) {
	n := root
	for i, p := range parts {
		if !n.dir {
			return n, i
		}
		kid, ok := n.kids[p]
		if !ok {
			return n, i
		}
		n = kid
	}
	return n, len(parts)
}
