// Fixture: MPI 2, StarPU 2 (the first API identifier on a line decides), CUDA 2, other 3.
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  starpu_init(NULL); MPI_Barrier(MPI_COMM_WORLD);
  STARPU_VECTOR_GET_PTR(0);
  MPI_Finalize();
  kernel<<<1, 1>>>();
  cudaDeviceSynchronize();
  return 0;
}
