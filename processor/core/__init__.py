"""The sans-I/O core: dialects, the neutral model, the tracker and the repairer. No asyncio, Kafka or metrics."""
