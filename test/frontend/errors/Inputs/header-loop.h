#pragma xmp nodes p(*)
#pragma xmp barrier
