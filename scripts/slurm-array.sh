#!/usr/bin/env bash
# A Slurm job array that answers a long input in shares, and the step that merges the shares.
#
#   sbatch --array=0-9 scripts/slurm-array.sh PROGRAM INPUT OUTDIR [ARGS...]
#   scripts/slurm-array.sh --merge OUTDIR TASKS [INPUT] > answers.txt
#
# Task T of the array's N tasks (SLURM_ARRAY_TASK_ID, from 0; SLURM_ARRAY_TASK_COUNT) answers
# the T-th of N shares of INPUT's cases, in order, with PROGRAM --first-line L ARGS (L the
# share's first line in INPUT, so that an error names INPUT's line; give `--threads` the cores
# of --cpus-per-task), into OUTDIR/T.out, and states the share in OUTDIR/T.share: its lines of
# which input, its answer lines and their checksum, and the command that answered them. It first
# clears what an earlier run left under those names; its answers go to T.part, renamed T.out
# when whole, so a task that fails or is killed leaves T.part and no T.out. Shares are whole
# cases: LINES_PER_CASE lines each (default 1, as for one board a line), so INPUT holds no blank
# lines; a last line without a line end counts, as the programs read it.
#
# The merge step writes the shares' answers in task order, which is the input's order, once it
# has checked that shares 0 to TASKS-1 are all there, whole, each .out as its task wrote it, of
# one run of TASKS tasks of one command over one input, and cover it (of INPUT, when given), and
# that no share lies beyond them. An input with no cases is given to the program as it is, so its
# error is the program's own, as one process would say.
#
# Without Slurm, set the two variables by hand: each task is an ordinary run.
#SBATCH --job-name=sliding-puzzle
#SBATCH --cpus-per-task=2
#SBATCH --output=slurm-%A_%a.log
set -euo pipefail

# fail MESSAGE: the error line, and exit status 2.
fail() {
    echo "error: $*" >&2
    exit 2
}

# whole_number NAME VALUE: fails unless VALUE is digits alone, of at most 9.
whole_number() {
    [[ $2 =~ ^[0-9]{1,9}$ ]] || fail "$1 is '$2': expected a whole number"
}

# identity FILE: what tells one file from another, its checksum and length.
identity() {
    local sum
    [ -f "$1" ] && [ -r "$1" ] || fail "$1 is not a file that can be read"
    sum=$(cksum < "$1") || fail "cannot read $1"
    echo "${sum// /:}"
}

# answer_lines FILE: how many lines FILE holds, a last one without a line end counted.
answer_lines() {
    awk 'END { print NR }' "$1"
}

if [ "${1:-}" = --merge ]; then
    [ $# -eq 3 ] || [ $# -eq 4 ] || fail "usage: $0 --merge OUTDIR TASKS [INPUT]"
    dir=$2 tasks=$3
    whole_number TASKS "$tasks"
    tasks=$((10#$tasks))
    [ "$tasks" -ge 1 ] || fail "TASKS is $tasks: the merge needs the number of tasks run, 1 or more"
    expected=
    [ $# -eq 4 ] && expected=$(identity "$4")
    [ -d "$dir" ] || fail "$dir is not a folder of shares"
    for share in "$dir"/*.out "$dir"/*.share "$dir"/*.part; do
        [ -e "$share" ] || continue
        number=${share##*/}
        number=${number%.*}
        if [[ ! $number =~ ^[0-9]+$ ]] || [ "$((10#$number))" -ge "$tasks" ]; then
            fail "$share lies beyond the $tasks shares asked: was the run of more tasks?"
        fi
    done
    next=1 total= input= command=
    for ((task = 0; task < tasks; task++)); do
        out=$dir/$task.out
        if [ ! -f "$out" ] || [ ! -f "$dir/$task.share" ]; then
            [ -e "$dir/$task.part" ] && fail "share $task is cut short: task $task failed or was killed ($dir/$task.part); run it again"
            fail "share $task is missing: $out (run task $task)"
        fi
        { read -r first last of count identity answers answered && read -r ran; } < "$dir/$task.share" ||
            fail "$dir/$task.share is not a share's statement"
        [[ "$first $last $of $count $answers" =~ ^[0-9]{1,18}\ [0-9]{1,18}\ [0-9]{1,18}\ [0-9]{1,9}\ [0-9]{1,18}$ ]] ||
            fail "$dir/$task.share is not a share's statement"
        [ "$count" = "$tasks" ] || fail "$out is a share of a run of $count tasks, not $tasks"
        [ "$task" -eq 0 ] || [ "$ran" = "$command" ] ||
            fail "$out was answered by '$ran', share 0 by '$command': shares of other runs"
        lines=$(answer_lines "$out")
        [ "$lines" = "$answers" ] ||
            fail "$out holds $lines lines where its task wrote $answers: it has changed since; run task $task again"
        [ "$(identity "$out")" = "$answered" ] ||
            fail "$out is not what its task wrote (its checksum differs): it has changed since; run task $task again"
        [ "$first" = "$next" ] || fail "$out answers lines $first to $last, not from line $next: shares of other runs"
        [ -z "$total" ] || [ "$of:$identity" = "$total:$input" ] ||
            fail "$out answers another input than share 0: shares of other runs"
        [ -z "$expected" ] || [ "$identity" = "$expected" ] ||
            fail "$out answers another input than $4 (or it has changed since)"
        total=$of input=$identity next=$((last + 1)) command=$ran
    done
    [ "$((next - 1))" = "$total" ] || fail "the shares answer lines 1 to $((next - 1)) of $total"
    for ((task = 0; task < tasks; task++)); do
        cat "$dir/$task.out"
    done
    exit 0
fi

[ $# -ge 3 ] || fail "usage: $0 PROGRAM INPUT OUTDIR [ARGS...]"
program=$1 input=$2 out=$3
shift 3
task=${SLURM_ARRAY_TASK_ID:-}
tasks=${SLURM_ARRAY_TASK_COUNT:-}
[ -n "$task" ] && [ -n "$tasks" ] ||
    fail "SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are not set: run under sbatch --array, or set them"
whole_number SLURM_ARRAY_TASK_COUNT "$tasks"
whole_number SLURM_ARRAY_TASK_ID "$task"
task=$((10#$task)) tasks=$((10#$tasks))
[ "$tasks" -ge 1 ] || fail "SLURM_ARRAY_TASK_COUNT is 0: an array has 1 task or more"
[ "$task" -lt "$tasks" ] ||
    fail "SLURM_ARRAY_TASK_ID is $task: the tasks of an array of $tasks are 0 to $((tasks - 1)) (--array=0-$((tasks - 1)))"
per_case=${LINES_PER_CASE:-1}
whole_number LINES_PER_CASE "$per_case"
per_case=$((10#$per_case))
[ "$per_case" -ge 1 ] || fail "LINES_PER_CASE is 0: a case has 1 line or more"
identity=$(identity "$input")
# The program must run: a name that is not one fails here, before anything is written.
command -v "$program" > /dev/null || fail "$program is not a program that can be run"
# The command as the share states it, each word quoted as the shell reads it back.
ran=$(printf '%q ' "$program" "$@")
ran=${ran% }
# awk counts a last line without a line end, as the programs read it; `wc -l` does not.
lines=$(awk 'END { print NR }' "$input")
cases=$((lines / per_case))
[ $((cases * per_case)) -eq "$lines" ] ||
    fail "$input has $lines lines, not a whole number of $per_case-line cases"
first=$((task * cases / tasks))
last=$(((task + 1) * cases / tasks))
from=$((first * per_case + 1)) to=$((last * per_case))

mkdir -p "$out"
rm -f "$out/$task.out" "$out/$task.share" "$out/$task.part"
if [ "$last" -gt "$first" ]; then
    sed -n "${from},${to}p; ${to}q" "$input" | "$program" --first-line "$from" "$@" > "$out/$task.part"
elif [ "$lines" -eq 0 ]; then
    "$program" "$@" < /dev/null > "$out/$task.part" # no cases at all: the program's own word on it
else
    : > "$out/$task.part" # more tasks than cases: an empty share
fi
printf '%s %s %s %s %s %s %s\n%s\n' "$from" "$to" "$lines" "$tasks" "$identity" \
    "$(answer_lines "$out/$task.part")" "$(identity "$out/$task.part")" "$ran" > "$out/$task.share"
mv "$out/$task.part" "$out/$task.out"
