"""A policy learned by playing, trained on the batched engine and served by numpy alone.

`cardtable.learned.duel` measures a policy against the rule-based bot on paired duplicate deals
over the batch (the learning curve); `cardtable.learned.train` trains one (``cardtable train
GAME``: PyTorch on CPU, the ``train`` extra): first by imitating the rule-based bot at every seat
of thousands of tables, then by PPO against the rule-based bot and earlier copies of itself. The
trained policy is written as plain arrays with a description (`cardtable.bots.learned`), which
the bot ``learned`` plays from a seat's view alone. docs/rl.md tells what was trained and how.
"""
