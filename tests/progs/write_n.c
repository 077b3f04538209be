// SPDX-License-Identifier: GPL-2.0
/* Makes exactly N write(2) calls (N = argv[1], default 1000), to /dev/null. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	int fd = open("/dev/null", O_WRONLY);

	if (fd < 0)
		return 1;
	for (long i = 0; i < n; i++)
		if (write(fd, "x", 1) != 1)
			return 1;
	return 0;
}
