// SPDX-License-Identifier: GPL-2.0
#include "topology.h"
#include "io.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

static char *topo_root;

void cpu_topology__set_sysfs_root(const char *root)
{
	free(topo_root);
	topo_root = root ? xstrdup(root) : NULL;
}

static int read_topology_int(int cpu, const char *file)
{
	char path[256];
	int v;

	snprintf(path, sizeof(path), "%s/devices/system/cpu/cpu%d/topology/%s",
		 topo_root ? topo_root : "/sys", cpu, file);
	return filename__read_int(path, &v) ? -1 : v;
}

/* The node directory holding a cpuN link. */
static int cpu_node(int cpu)
{
	char path[256];
	struct dirent *de;
	int node = -1;
	DIR *d;

	snprintf(path, sizeof(path), "%s/devices/system/cpu/cpu%d", topo_root ? topo_root : "/sys", cpu);
	d = opendir(path);
	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL) {
		char *end;
		long n;

		if (!strstarts(de->d_name, "node"))
			continue;
		n = strtol(de->d_name + 4, &end, 10);
		if (end != de->d_name + 4 && !*end) {
			node = (int)n;
			break;
		}
	}
	closedir(d);
	/* no NUMA in sysfs: everything is node 0 */
	return node < 0 ? 0 : node;
}

void cpu__topology(int cpu, struct cpu_topology_id *id)
{
	id->socket = read_topology_int(cpu, "physical_package_id");
	id->die = read_topology_int(cpu, "die_id");
	if (id->die < 0)
		id->die = 0;
	id->core = read_topology_int(cpu, "core_id");
	id->node = cpu_node(cpu);
}
