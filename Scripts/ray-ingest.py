#!/usr/bin/env python3
"""Ingest a folder into an anydoc project store with the conversions spread
over a Ray cluster.

The driver lists the files an `anydoc ingest` of the folder would take
(`anydoc ingest FOLDER --list`), sends batches of paths to Ray tasks that
run the worker protocol (`anydoc convert --files-from - --jsonl`) on
whichever node they land on, retries a failed batch, and streams the
records, as batches finish, into one writer: `anydoc ingest --records -`,
which stores them as a plain ingest of the folder would (versions, dedupe,
search). Progress goes to the terminal; a summary with the files each node
converted comes at the end.

The anydoc binary and the files must be reachable at the same paths on
every node (a shared file system, or one machine). Standard library and
`ray` only.

    Scripts/ray-ingest.py FOLDER --project NAME --store DIR [--anydoc PATH]
        [--address auto] [--batch 16] [--retries 2] [--ocr never] [--json]

Each batch starts one worker process and one Ray task. Batches of 16
measured as fast as four batches per CPU on one loaded machine (larger
batches leave a CPU idle behind the last heavy batch and hand the writer
records in bursts); `--batch` changes it. The summary's `profile` says
where the time went: worker seconds (summed over tasks), the driver
waiting for batches, feeding the writer, and the writer's tail.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import ray


@ray.remote(num_cpus=1)
def convert_batch(anydoc, paths, options):
    """Runs the worker protocol over one batch on this node; returns the
    node's id and the records. A worker that dies or loses a record raises,
    so Ray runs the batch again."""
    started = time.monotonic()
    done = subprocess.run(
        [anydoc, "convert", "--files-from", "-", "--jsonl", "--jobs", "1"] + options,
        input="\n".join(paths) + "\n", capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    if done.returncode != 0 or len(lines) != len(paths):
        raise RuntimeError(f"worker exited {done.returncode} with {len(lines)} of {len(paths)} records: {done.stderr[-500:]}")
    return ray.get_runtime_context().get_node_id(), lines, time.monotonic() - started


def list_files(anydoc, folder, file_list):
    if file_list:
        with open(file_list, encoding="utf-8") as handle:
            return [line.rstrip("\n") for line in handle if line.strip()]
    listed = subprocess.run([anydoc, "ingest", folder, "--list"], capture_output=True, text=True, check=True)
    return [line for line in listed.stdout.splitlines() if line]


def progress(text, enabled):
    if enabled:
        sys.stderr.write("\r\033[K" + text)
        sys.stderr.flush()


def ingest(anydoc, folder, project, store, *, file_list=None, batch=16, retries=2, options=(), show_progress=None):
    """Converts on the connected Ray cluster and stores through one writer;
    returns the summary (per-node counts, failed batches, the writer's own
    JSON summary, and a profile of where the time went)."""
    started = time.monotonic()
    paths = list_files(anydoc, folder, file_list)
    listed = time.monotonic()
    show_progress = sys.stderr.isatty() if show_progress is None else show_progress
    writer = subprocess.Popen(
        [anydoc, "ingest", "--records", "-", folder, "--project", project, "--store", store, "--json", "--quiet"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    task = convert_batch.options(max_retries=retries, retry_exceptions=True)
    batches = {}
    for start in range(0, len(paths), batch):
        part = paths[start:start + batch]
        batches[task.remote(anydoc, part, list(options))] = part
    per_node, failed_batches, converted, failed_files = {}, [], 0, 0
    worker_seconds, record_bytes, waited, written = 0.0, 0, 0.0, 0.0
    pending = list(batches)
    while pending:
        before = time.monotonic()
        ready, pending = ray.wait(pending, num_returns=1)
        waited += time.monotonic() - before
        try:
            node, lines, seconds = ray.get(ready[0])
            worker_seconds += seconds
        except Exception as error:  # the batch failed every retry
            failed_batches.append({"paths": batches[ready[0]], "error": str(error)[:500]})
            continue
        per_node[node] = per_node.get(node, 0) + len(lines)
        before = time.monotonic()
        for line in lines:
            # Quotes inside strings are escaped, so this is the status key itself:
            # no need to decode the record's Markdown.
            if '"status":"ok"' not in line:
                failed_files += 1
            record_bytes += len(line) + 1
        writer.stdin.write("\n".join(lines) + "\n")
        writer.stdin.flush()
        written += time.monotonic() - before
        converted += len(lines)
        progress(f"{converted}/{len(paths)} files converted, {failed_files} failed, {len(failed_batches)} batches lost", show_progress)
    converted_at = time.monotonic()
    writer.stdin.close()
    stored = json.loads(writer.stdout.read() or "{}")
    writer.wait()
    progress("", show_progress)
    profile = {
        "list_seconds": round(listed - started, 3), "batches": len(batches), "batch_size": batch,
        "worker_seconds": round(worker_seconds, 3), "driver_wait_seconds": round(waited, 3),
        "writer_feed_seconds": round(written, 3), "record_bytes": record_bytes,
        "writer_tail_seconds": round(time.monotonic() - converted_at, 3),
    }
    return {
        "files": len(paths), "converted": converted, "failed_conversions": failed_files,
        "nodes": per_node, "failed_batches": failed_batches, "ingest": stored,
        "writer_status": writer.returncode, "seconds": round(time.monotonic() - started, 3), "profile": profile,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--project", required=True)
    parser.add_argument("--store", required=True)
    parser.add_argument("--anydoc", default="anydoc", help="the anydoc binary, the same path on every node")
    parser.add_argument("--file-list", help="take the files from this list (one per line) instead of listing the folder")
    parser.add_argument("--address", default=None, help="the Ray cluster (e.g. auto); default: a local one")
    parser.add_argument("--batch", type=int, default=16, help="paths per Ray task")
    parser.add_argument("--retries", type=int, default=2, help="times a failed batch runs again")
    parser.add_argument("--ocr", choices=["auto", "always", "never"])
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args()
    anydoc = os.path.abspath(args.anydoc) if os.sep in args.anydoc else args.anydoc
    ray.init(address=args.address, log_to_driver=False)
    summary = ingest(anydoc, args.folder, args.project, args.store, file_list=args.file_list,
                     batch=args.batch, retries=args.retries, options=["--ocr", args.ocr] if args.ocr else [])
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        stored = summary["ingest"]
        print(f"{summary['files']} files in {summary['seconds']} s: {stored.get('added', 0)} added, "
              f"{stored.get('updated', 0)} updated, {stored.get('unchanged', 0)} unchanged, "
              f"{len(stored.get('failed', []))} failed, {len(summary['failed_batches'])} batches lost", file=sys.stderr)
        for node, count in sorted(summary["nodes"].items()):
            print(f"  node {node[:12]}: {count} files", file=sys.stderr)
    return 0 if summary["writer_status"] == 0 and not summary["failed_batches"] else 1


if __name__ == "__main__":
    sys.exit(main())
