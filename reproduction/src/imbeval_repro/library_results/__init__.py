"""Results about the library as a whole, with their figures: the catalogue of every
library's indices audited (:mod:`.catalogue`), Gösgens et al.'s properties and the Dutch
Draw baseline (:mod:`.properties`), and the indices of scores under the RRT protocol
(:mod:`.scores_rrt`)."""

#: The deployment prior (minority share) at which the indices of scores' winners are
#: compared with the test prior's.
DEPLOY_PRIOR = 0.01
