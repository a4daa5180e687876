#!/bin/sh
# Regenerates ../property_names.go: the names JavaScript (node) accepts in
# \p{...} with the u flag that Go's unicode tables can serve, each mapped to
# its Go table. Candidates are Go's table names and their Unicode aliases
# (perl's Unicode::UCD); node keeps the ones RegExp accepts.
# Run from internal/jsre/testdata: sh gen-properties.sh
set -e
go run ./gentables | while read kind name; do
  perl -MUnicode::UCD=prop_value_aliases,prop_aliases -e '
    my ($kind, $n) = @ARGV;
    my @a = $kind eq "bin" ? prop_aliases($n) : prop_value_aliases($kind, $n);
    print join("\t", $kind, $n, $n, @a), "\n";' "$kind" "$name"
done | node gen-properties.mjs > ../property_names.go
gofmt -w ../property_names.go
