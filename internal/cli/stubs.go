package cli

func testCmd(args []string, env Env) error    { return usageErr("test: not implemented yet") }
