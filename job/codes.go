package job

// Stable diagnostic codes of job files. They never change meaning; new
// problems get new codes.
const (
	CodeIO         = "JOB001" // the job file cannot be read
	CodeJSON       = "JOB002" // the job file is not valid JSON
	CodeDuplicate  = "JOB003" // warning: a key appears twice (the last one wins)
	CodeShape      = "JOB004" // a value that must be an object or array is not
	CodeParam      = "JOB010" // a parameter has a bad value
	CodeUnknownKey = "JOB011" // warning: a key no schema knows (kept, unused)
	CodeOp         = "JOB012" // missing or unknown _op
	CodePosition   = "JOB013" // a reader where a processor belongs, or the reverse
	CodeAPI        = "JOB014" // an api without _name, a duplicate or unknown api
	CodeAPIRef     = "JOB015" // a reference to an api the job does not configure
	CodeConnection = "JOB016" // a reference to a connection that is not configured
	CodeJobCheck   = "JOB017" // a job-level check of an operation or api failed
	CodeIgnored    = "JOB018" // info: a key accepted for compatibility and ignored
)
