package cli

func explainCmd(args []string, env Env) error { return usageErr("explain: not implemented yet") }
func testCmd(args []string, env Env) error    { return usageErr("test: not implemented yet") }
func docsCmd(args []string, env Env) error    { return usageErr("docs: not implemented yet") }
