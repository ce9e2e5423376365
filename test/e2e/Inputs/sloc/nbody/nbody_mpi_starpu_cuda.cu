// Fixture: one other line.
int cuda_part;
