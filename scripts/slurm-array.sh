#!/usr/bin/env bash
# A Slurm job array that answers a long input in shares, and the step that merges the shares.
#
#   sbatch --array=0-9 scripts/slurm-array.sh PROGRAM INPUT OUTDIR [ARGS...]
#   scripts/slurm-array.sh --merge OUTDIR TASKS > answers.txt
#
# Task T of the array's N tasks (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) answers the T-th of
# N shares of INPUT's cases, in order, with PROGRAM ARGS (give `--threads` the cores of
# --cpus-per-task), into OUTDIR/T.out; a share cut short by a failure or a kill is left as
# OUTDIR/T.part, never as T.out. Shares are whole cases: LINES_PER_CASE lines
# each (default 1, as for one board a line), so INPUT holds no blank lines. The merge step writes
# the shares' answers in task order, which is the input's order, and fails if a share is missing.
#
# Without Slurm, set the two variables by hand: each task is an ordinary run.
#SBATCH --job-name=sliding-puzzle
#SBATCH --cpus-per-task=2
#SBATCH --output=slurm-%A_%a.log
set -euo pipefail

if [ "${1:-}" = --merge ]; then
    [ $# -eq 3 ] || { echo "usage: $0 --merge OUTDIR TASKS" >&2; exit 2; }
    for ((task = 0; task < $3; task++)); do
        [ -f "$2/$task.out" ] || { echo "error: share $task is missing: $2/$task.out" >&2; exit 1; }
    done
    for ((task = 0; task < $3; task++)); do
        cat "$2/$task.out"
    done
    exit 0
fi

[ $# -ge 3 ] || { echo "usage: $0 PROGRAM INPUT OUTDIR [ARGS...]" >&2; exit 2; }
program=$1 input=$2 out=$3
shift 3
task=${SLURM_ARRAY_TASK_ID:?"is not set: run under sbatch --array, or set it"}
tasks=${SLURM_ARRAY_TASK_COUNT:?"is not set: run under sbatch --array, or set it"}
per_case=${LINES_PER_CASE:-1}

lines=$(wc -l < "$input")
cases=$((lines / per_case))
[ $((cases * per_case)) -eq "$lines" ] ||
    { echo "error: $input has $lines lines, not a whole number of $per_case-line cases" >&2; exit 2; }
first=$((task * cases / tasks))
last=$(((task + 1) * cases / tasks))

mkdir -p "$out"
if [ "$last" -gt "$first" ]; then
    from=$((first * per_case + 1)) to=$((last * per_case))
    sed -n "${from},${to}p; ${to}q" "$input" | "$program" "$@" > "$out/$task.part"
else
    : > "$out/$task.part" # more tasks than cases: an empty share
fi
mv "$out/$task.part" "$out/$task.out"
