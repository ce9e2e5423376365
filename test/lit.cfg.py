# lit configuration for xmpcc: frontend (source -> dialect), lowering
# (dialect -> runtime calls, via xmp-opt), e2e (compile, mpirun, check).
import os
import shutil

import lit.formats

config.name = "xmpcc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".mlir"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.xmpcc_obj_root, "test")

mpirun = "mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
config.substitutions.append(("%xmpcc", os.path.join(config.xmpcc_obj_root, "bin", "xmpcc")))
config.substitutions.append(("%xmp-opt", os.path.join(config.xmpcc_obj_root, "bin", "xmp-opt")))
config.substitutions.append(("%mpirun", mpirun))
config.substitutions.append(("%examples", os.path.join(config.xmpcc_src_root, "examples")))
config.substitutions.append(("%runtime_include", os.path.join(config.xmpcc_src_root, "runtime", "include")))
config.substitutions.append(("%cc", "gcc -std=c11 -O2 -w"))
# Clang 19 (the plugin's), for the AST of generated C.
config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir, "clang")))
config.substitutions.append(("%starpu_prefix", config.starpu_prefix))
config.substitutions.append(("%starpu_include",
                             os.path.join(config.starpu_prefix, "include", "starpu", "1.4")))
config.substitutions.append(("%numcmp", "python3 " + os.path.join(
    config.xmpcc_src_root, "test", "e2e", "Inputs", "numcmp.py")))
# GDB (the distributed arrays' commands) where it exists; scripts/setup-deps.sh installs it.
if shutil.which("gdb"):
    config.available_features.add("gdb")
config.substitutions.append(("%xmp_gdb", os.path.join(
    config.xmpcc_src_root, "runtime", "gdb", "xmp-gdb.py")))
# CUDA code is compiled (not run) where nvcc exists, as in CI.
if shutil.which("nvcc"):
    config.available_features.add("nvcc")

# FileCheck, not and count come with llvm-19-tools.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"):
    config.environment[var] = "1"
# %mpirun turns off vader's single-copy path, which Open MPI's osc/rdma needs to create
# windows (one-sided gmove); its other one-sided components work without it.
config.environment["OMPI_MCA_osc"] = "^rdma"
# Ranks oversubscribe two cores: yield instead of spinning.
config.environment["OMPI_MCA_mpi_yield_when_idle"] = "1"
config.environment["HOME"] = os.environ.get("HOME", "/root")
# Device loops' executor (runtime/starpu/exec.c): the e2e programs also run with GPU-only loops
# called directly on the host (ctest's lit.direct_executor).
if "XMP_DEV_EXECUTOR" in os.environ:
    config.environment["XMP_DEV_EXECUTOR"] = os.environ["XMP_DEV_EXECUTOR"]
