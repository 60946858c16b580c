#!/bin/bash
# 16-core scale check (issue 21): records/s of `analyze` with 1..16 workers, compiled and pure.
# Usage, on a machine with 16 cores, from the repo root: bash benchmarks/device_scale.sh [RECORDS_PER_WORKER]
# (the device machine has no network: its missing wheels (orjson, jsonschema, indic-nlp-library,
# mypy for the compiled build) travel in .whl/, installed to /tmp/site; results under $OUT)
PER=${1:-32000}
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
echo "cores: $(nproc)  $(python3 --version)  cc: $(which cc gcc | head -1)"
grep -m1 "model name" /proc/cpuinfo
(time python3 setup.py build_ext --inplace) > $OUT/build.log 2>&1; tail -3 $OUT/build.log
python3 -c "import honorifics; print('rule path:', honorifics.implementation())"
run() {  # label env workers
  local label=$1 w=$2; shift 2
  env "$@" python3 benchmarks/speed.py --records $((PER*w)) --workers $w > $OUT/$label.json 2> $OUT/$label.err
  python3 -c "import json,sys; d=json.load(open('$OUT/$label.json')); print('$label', d['rule_path'], 'workers', d['workers'], 'records', d['records'], 'rec/s', d['records_per_second'], 'rec/cpu-s', d['records_per_cpu_second'], 'bare rec/s', d['bare_regex_records_per_second'])" || tail -5 $OUT/$label.err
}
for w in 1 2 4 8 16; do run compiled_w$w $w X=1; done
for w in 1 16; do run pure_w$w $w HONORIFICS_PURE_PYTHON=1; done
