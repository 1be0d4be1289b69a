// GPU sharing as infrastructure as code: NVIDIA MPS, whole and fractional GPUs, MIG layouts. Resources are the parts of a gpushare spec (gpushare.schema.json); each names its cluster.
package gpushare
