package dev.gpushare.engine.state;

/** The state of one GPU, as ECS names it plus the partitioned forms. */
public enum GpuMode { IDLE, DEDICATED, MPS, FRACTIONAL, MIG, TIME_SLICING }
