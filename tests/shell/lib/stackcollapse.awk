# Fold 'perf script' output with call chains into one line per distinct
# stack, "comm;outermost;...;innermost COUNT", as FlameGraph's
# stackcollapse-perf does: offsets dropped, unresolved frames named after
# their DSO. Output sorted, so two foldings compare with cmp.
#
#   perf script | awk -f stackcollapse.awk
function flush() {
	if (comm != "" && n > 0) {
		stack = comm
		for (i = n; i >= 1; i--)
			stack = stack ";" frame[i]
		count[stack]++
	}
	comm = ""
	n = 0
}
/^$/ { flush(); next }
/^\t/ {
	sym = $2
	for (i = 3; i < NF; i++)
		sym = sym " " $i
	sub(/\+0x[0-9a-f]+$/, "", sym)
	if (sym == "[unknown]") {
		dso = $NF
		gsub(/[()]/, "", dso)
		sub(/.*\//, "", dso)
		if (dso != "[unknown]")
			sym = "[" dso "]"
	}
	frame[++n] = sym
	next
}
{ flush(); comm = $1 }
END {
	flush()
	for (s in count)
		print s, count[s] | "LC_ALL=C sort"
}
