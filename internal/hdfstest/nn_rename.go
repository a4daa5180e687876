package hdfstest

// rename2 follows Hadoop's FSDirRenameOp with options: every failure is an
// exception, and an existing destination is replaced only with
// overwriteDest (a file by a file, an empty directory by a directory).
func (nn *namenode) rename2(_ *session, req, _ msg) error {
	src, dst := str(req, "src"), str(req, "dst")
	n, err := nn.renameSource(src)
	if err != nil {
		return err
	}
	if dst == src {
		return appErr(exAlreadyExists, "The source %s and destination %s are the same", src, dst)
	}
	parent, name, existing, err := nn.renameTarget(src, dst, n)
	if err != nil {
		return err
	}
	if existing != nil {
		if err := checkOverwrite(src, dst, flag(req, "overwriteDest"), n, existing); err != nil {
			return err
		}
		nn.detach(existing)
	}
	move(n, parent, name)
	return nil
}

func (nn *namenode) renameSource(src string) (*inode, error) {
	n, err := nn.lookup(src)
	if err != nil {
		return nil, err
	}
	if n == nil {
		return nil, notFound("rename source %s is not found.", src)
	}
	if n == nn.root {
		return nil, ioErr("rename source cannot be the root")
	}
	return n, nil
}

// renameTarget resolves dst: its parent directory, its name and the inode
// already there, if any.
func (nn *namenode) renameTarget(src, dst string, n *inode) (*inode, string, *inode, error) {
	parts, err := splitPath(dst)
	if err != nil {
		return nil, "", nil, err
	}
	if len(parts) == 0 {
		return nil, "", nil, ioErr("rename destination cannot be the root")
	}
	parent, depth := walk(nn.root, parts[:len(parts)-1])
	if depth < len(parts)-1 {
		return nil, "", nil, notFound("rename destination parent %s not found.", dst)
	}
	if !parent.dir {
		return nil, "", nil, appErr(exParentNotDir, "rename destination parent %s is a file.", dst)
	}
	if parent.isAncestor(n) {
		return nil, "", nil, ioErr("Rename destination %s is a directory or file under source %s", dst, src)
	}
	name := parts[len(parts)-1]
	return parent, name, parent.kids[name], nil
}

func checkOverwrite(src, dst string, overwrite bool, n, existing *inode) error {
	if existing.dir != n.dir {
		kind := map[bool]string{true: "directories", false: "files"}[n.dir]
		return ioErr("Source %s and destination %s must both be %s", src, dst, kind)
	}
	if !overwrite {
		return appErr(exAlreadyExists, "rename destination %s already exists", dst)
	}
	if existing.dir && len(existing.kids) > 0 {
		return ioErr("rename destination directory is not empty: %s", dst)
	}
	return nil
}

func move(n, parent *inode, name string) {
	now := nowMs()
	delete(n.parent.kids, n.name)
	n.parent.mtime = now
	n.parent, n.name = parent, name
	parent.kids[name] = n
	parent.mtime = now
}

// rename is the old ClientProtocol rename: failures answer false instead of
// throwing, and a destination that is a directory receives src inside it.
func (nn *namenode) rename(_ *session, req, resp msg) error {
	set(resp, "result", false)
	src, dst := str(req, "src"), str(req, "dst")
	n, err := nn.lookup(src)
	if err != nil || n == nil || n == nn.root {
		return err
	}
	if d, err := nn.lookup(dst); err != nil {
		return err
	} else if d != nil && d.dir {
		dst = d.path() + "/" + n.name
		if d == nn.root {
			dst = "/" + n.name
		}
	}
	parent, name, existing, err := nn.renameTarget(src, dst, n)
	if err != nil || existing != nil {
		return nil
	}
	move(n, parent, name)
	set(resp, "result", true)
	return nil
}
